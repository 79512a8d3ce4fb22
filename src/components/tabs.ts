/**
 * Tabs (spec §2, §4 Tab): the first path segment selects the current tab when it is a known tab; the tab defaults
 * to dashboard.
 */

/** Known tabs, in bottom-navigation order. */
export const TABS = ['dashboard', 'challenges', 'media', 'sweepstakes', 'profile'] as const;
export type Tab = (typeof TABS)[number];

/** The current tab for a pathname. Pure. `/challenges/poll` -> 'challenges'; `/welcome` or `/` -> 'dashboard'. */
export function tabFromPath(pathname: string): Tab {
  const segment = pathname.split('/').filter(Boolean)[0] ?? '';
  return (TABS as readonly string[]).includes(segment) ? (segment as Tab) : 'dashboard';
}

/**
 * The tab a page belongs to, for the tab bar's `aria-current`. Pure. The first path segment when it is a tab, the
 * dashboard for `/`, and null for pages that are no tab's (`/history`, `/leaderboard`, `/welcome`): marking Home
 * there would tell a screen reader they are on Home.
 */
export function currentTab(pathname: string): Tab | null {
  const segment = pathname.split('/').filter(Boolean)[0] ?? 'dashboard';
  return (TABS as readonly string[]).includes(segment) ? (segment as Tab) : null;
}
