/**
 * Small inline icons of the challenges area (decorative: always `aria-hidden`).
 */
import { PathIcon } from '../../../components/icons';
import type { ChallengeSubtype } from '../../../contracts/challenge';

const PATHS: Record<ChallengeSubtype | 'check' | 'cross' | 'clock' | 'star', string> = {
  poll: 'M5 20V10M12 20V4M19 20v-7',
  pickem: 'M4 5h16v14H4zM4 12h16M12 5v14',
  arcade: 'M6 9h12a3 3 0 0 1 3 3v2a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3v-2a3 3 0 0 1 3-3zM8 11v4M6 13h4M16 12h.01M18 14h.01',
  trivia: 'M9.1 9a3 3 0 1 1 4.1 2.8c-.8.4-1.2 1-1.2 1.9V14M12 18h.01M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z',
  keyword: 'M4 7V5h16v2M9 19h6M12 5v14',
  check: 'M5 12l5 5L20 7',
  cross: 'M6 6l12 12M18 6L6 18',
  clock: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 6v6l4 2',
  star: 'M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z',
};

/** Draws the icon `name` at 1em (size it with CSS). */
export function ChallengeIcon({ name, className }: { name: keyof typeof PATHS; className?: string }) {
  return <PathIcon d={PATHS[name]} className={className} width="1em" height="1em" />;
}
