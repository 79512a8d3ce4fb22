/**
 * The console's menu: the overview first, then every console page in one of four groups, content
 * (what fans read and answer), match day (what runs around a race or a match: events, member cards checked at the gate, activations, sweepstakes
 * and their draws, notifications, figures), members (members and what they earn or agree to) and settings. Each
 * entry is a page path under `/admin/` (a resource of `resources.ts` or a page of its own); every resource is in
 * exactly one group (checked by `test/unit/console-menu.test.ts`).
 */

/** The groups of the menu, in order; their names are `console:nav.groups.{id}`. */
export const MENU_GROUP_IDS = ['content', 'match-day', 'members', 'settings'] as const;
type MenuGroupId = (typeof MENU_GROUP_IDS)[number];

/** One group of the menu: its id and its pages, in menu order. */
interface MenuGroup {
  id: MenuGroupId;
  pages: readonly string[];
}

/** The menu's groups and their pages. */
export const CONSOLE_MENU: readonly MenuGroup[] = [
  { id: 'content', pages: ['challenges', 'stories', 'videos', 'articles', 'playlists', 'carousel-cards', 'downloads', 'media'] },
  { id: 'match-day', pages: ['venue-events', 'member-cards', 'activations', 'sweepstakes', 'notifications', 'figures'] },
  { id: 'members', pages: ['members', 'ranks', 'benefits', 'rewards', 'fulfilment', 'seasons', 'consents'] },
  { id: 'settings', pages: ['organization', 'import-export', 'audit-log'] },
];

/** The group holding page `path`, or undefined (the overview and unknown pages). */
export function menuGroupOf(path: string): MenuGroupId | undefined {
  return CONSOLE_MENU.find((group) => group.pages.includes(path))?.id;
}
