/**
 * The translation namespaces of the screens a fan opens first (sign-in, dashboard, check-in, challenges, rewards,
 * ranks, stories, the offline indicator): one chunk per language (`locale-{lang}`, vite.config.ts), loaded whole at
 * start (platform/i18n). Once that chunk is on the device all of them cost nothing more to load, and a first screen
 * that asks for one of them renders at once instead of suspending: React reveals a suspended part of the tree at
 * most every 300 ms, so each namespace loaded on demand could hold a cold start back that long.
 */
export const FIRST_SCREEN_NAMESPACES = [
  'common',
  'session',
  'dashboard',
  'checkin',
  'challenges',
  'rewards',
  'ranks',
  'offline',
  'stories',
] as const;
