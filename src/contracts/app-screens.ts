/**
 * The app's screens a link from outside the app (a push notification) may open (decision 0080): the fixed screens
 * members reach from the app's navigation, and one content item's page (challenge, article, video, story,
 * sweepstake). The paths are those of `src/routes/_auth/`; a path that is neither is not a screen, so the console
 * offers only these and the server refuses any other (422). Whether the item exists is the server's check.
 * Imports nothing (the console and the server both use it).
 */

/** Fixed screens, in the order the console lists them, each with the key of its name in the `console-push` texts. */
export const APP_SCREENS = [
  { path: '/dashboard', key: 'dashboard' },
  { path: '/challenges', key: 'challenges' },
  { path: '/challenges/poll', key: 'polls' },
  { path: '/challenges/pickem', key: 'pickems' },
  { path: '/challenges/arcade', key: 'arcade' },
  { path: '/challenges/trivia', key: 'trivia' },
  { path: '/challenges/keyword', key: 'keyword' },
  { path: '/sweepstakes', key: 'sweepstakes' },
  { path: '/leaderboard', key: 'leaderboard' },
  { path: '/history', key: 'history' },
  { path: '/media', key: 'media' },
  { path: '/media/videos', key: 'videos' },
  { path: '/benefits', key: 'benefits' },
  { path: '/rewards', key: 'rewards' },
  { path: '/digital-downloads', key: 'downloads' },
  { path: '/contests', key: 'contests' },
  { path: '/cars', key: 'cars' },
  { path: '/venue', key: 'venue' },
  { path: '/referral', key: 'referral' },
  { path: '/profile', key: 'profile' },
  { path: '/about', key: 'about' },
] as const;

/** Kinds of content item whose own page a notification may open. */
export const SCREEN_CONTENT_KINDS = ['challenge', 'article', 'video', 'story', 'sweepstake'] as const;
export type ScreenContentKind = (typeof SCREEN_CONTENT_KINDS)[number];

/** A parsed screen: a fixed one, or the page of one content item (`subtype` only for a challenge). */
type AppScreen = { kind: 'screen'; path: string } | { kind: ScreenContentKind; id: string; subtype?: string; path: string };

/** Challenge subtypes (the same list as `CHALLENGE_SUBTYPES`, kept here so rules import nothing). */
const SUBTYPES = ['poll', 'pickem', 'arcade', 'trivia', 'keyword'];
/** A content item's id as the database writes it (a UUID). */
const ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const CONTENT_PATHS: Array<{ kind: ScreenContentKind; pattern: RegExp }> = [
  { kind: 'challenge', pattern: new RegExp(`^/challenges/(${SUBTYPES.join('|')})/(${ID})$`, 'i') },
  { kind: 'article', pattern: new RegExp(`^/articles/(${ID})$`, 'i') },
  { kind: 'video', pattern: new RegExp(`^/media/videos/(${ID})$`, 'i') },
  { kind: 'story', pattern: new RegExp(`^/stories/(${ID})$`, 'i') },
  { kind: 'sweepstake', pattern: new RegExp(`^/sweepstakes/(${ID})$`, 'i') },
];

/**
 * Reads `path` as one of the app's screens.
 * @param path an in-app path such as `/leaderboard` or `/articles/{uuid}` (no query, no fragment)
 * @returns the screen, or null when the path is not one the app has
 */
export function parseAppScreen(path: string): AppScreen | null {
  if (APP_SCREENS.some((screen) => screen.path === path)) return { kind: 'screen', path };
  for (const { kind, pattern } of CONTENT_PATHS) {
    const match = pattern.exec(path);
    if (!match) continue;
    return kind === 'challenge'
      ? { kind, subtype: match[1], id: match[2].toLowerCase(), path }
      : { kind, id: match[1].toLowerCase(), path };
  }
  return null;
}

/** True when `path` is one of the app's screens (see {@link parseAppScreen}). */
export function isAppScreen(path: string): boolean {
  return parseAppScreen(path) !== null;
}

/**
 * The path of a content item's page.
 * @param kind the item's kind; `subtype` is required for a challenge (its page lives under its subtype)
 * @returns e.g. `/articles/{id}`, `/challenges/pickem/{id}`
 */
export function contentScreenPath(kind: ScreenContentKind, id: string, subtype?: string): string {
  switch (kind) {
    case 'challenge':
      return `/challenges/${subtype ?? ''}/${id}`;
    case 'article':
      return `/articles/${id}`;
    case 'video':
      return `/media/videos/${id}`;
    case 'story':
      return `/stories/${id}`;
    case 'sweepstake':
      return `/sweepstakes/${id}`;
  }
}
