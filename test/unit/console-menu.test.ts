import { describe, expect, it } from 'vitest';
import { CONSOLE_MENU, MENU_GROUP_IDS, menuGroupOf } from '../../src/features/console/console-menu';
import { RESOURCES } from '../../src/features/console/resources';

/** The console's pages that are not resources (`src/routes/admin/$resource/index.tsx`). */
const OWN_PAGES = ['member-cards', 'figures', 'fulfilment', 'seasons', 'notifications', 'organization', 'audit-log', 'import-export'];

describe('the console menu', () => {
  it('has the four groups in order: content, match day, members, settings', () => {
    expect(CONSOLE_MENU.map((group) => group.id)).toEqual([...MENU_GROUP_IDS]);
  });

  it('lists every resource and every page of its own exactly once', () => {
    const pages = CONSOLE_MENU.flatMap((group) => group.pages);
    expect([...pages].sort()).toEqual([...RESOURCES.map((resource) => resource.path), ...OWN_PAGES].sort());
  });

  it('puts the match-day pages together', () => {
    expect(['venue-events', 'sweepstakes', 'notifications'].map(menuGroupOf)).toEqual(['match-day', 'match-day', 'match-day']);
    expect(menuGroupOf('no-such-page')).toBeUndefined();
  });
});
