/** `/games/poll` (spec §2): poll games; underage members are sent to /dashboard by the member guard (`_auth.tsx`). */
import { createFileRoute } from '@tanstack/react-router';
import { getChallengesQueryOptions } from '../../../features/challenges/api/get-challenges';
import { PollGamesPage } from '../../../app/games/poll-games-page';

export const Route = createFileRoute('/_auth/games/poll')({
  staticData: { layout: 'default', titleKey: 'games:poll.title' },
  loader: ({ context: { queryClient } }) => {
    queryClient.ensureQueryData(getChallengesQueryOptions()).catch(() => undefined);
  },
  component: PollGamesPage,
});
