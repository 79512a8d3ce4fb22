/**
 * Inline SVG icons (24×24, stroke = currentColor). Decorative by default (`aria-hidden`); give the surrounding
 * control an accessible name.
 */
import type { ReactNode, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

function Svg({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** A 24×24 line icon drawing the path `d` (history reasons, carousel cards). */
export function PathIcon({ d, ...props }: IconProps & { d: string }) {
  return (
    <Svg {...props}>
      <path d={d} />
    </Svg>
  );
}

/** Makes the icon component that draws `drawing` (its paths and shapes) in the shared frame. */
function icon(drawing: ReactNode) {
  return function Icon(props: IconProps) {
    return <Svg {...props}>{drawing}</Svg>;
  };
}

/** Dashboard tab: a trophy. */
export const TrophyIcon = icon(
  <>
    <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4Z" />
    <path d="M17 5h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3" />
  </>,
);

/** Challenges tab: a target. */
export const TargetIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5" />
    <circle cx="12" cy="12" r="1.2" fill="currentColor" />
  </>,
);

/** Media tab: a play button. */
export const PlayIcon = icon(
  <>
    <rect x="3" y="4" width="18" height="16" rx="3" />
    <path d="m10 9 5 3-5 3V9Z" fill="currentColor" />
  </>,
);

/** Sweepstakes tab: a ticket. */
export const TicketIcon = icon(
  <>
    <path d="M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4V8Z" />
    <path d="M14 6v12" strokeDasharray="2 2" />
  </>,
);

/** Profile tab: a person. */
export const UserIcon = icon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);

/** Chevron pointing right (list rows). */
export const ChevronRightIcon = icon(<path d="m9 6 6 6-6 6" />);

/** Arrow pointing left (back). */
export const ArrowLeftIcon = icon(<path d="M19 12H5M11 18l-6-6 6-6" />);

/** Pencil (edit). */
export const EditIcon = icon(
  <>
    <path d="M4 20h4L19 9l-4-4L4 16v4Z" />
    <path d="m14 6 4 4" />
  </>,
);

/** Clock (history). */
export const HistoryIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);

/** Door with arrow (sign out). */
export const LogoutIcon = icon(
  <>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
    <path d="M10 16l-4-4 4-4M6 12h10" />
  </>,
);

/** Globe (language). */
export const GlobeIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </>,
);

/** Star (points). */
export const StarIcon = icon(<path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9L12 3Z" />);

/** A window with a side panel (the operator console). */
/** A member card: a card with a photo and lines of text. */
export const CardIcon = icon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <circle cx="8.5" cy="11" r="2" />
    <path d="M6 16a3 3 0 0 1 5 0M14 10h4M14 14h3" />
  </>,
);

export const ConsoleIcon = icon(
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M9 4v16M12 9h6M12 13h4" />
  </>,
);

/** Check mark in a circle (done, daily check-in). */
export const CheckCircleIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12 3 3 5-6" />
  </>,
);
