import { describe, expect, it } from 'vitest';
import type { Story } from '../../src/contracts/content';
import { filterLinksForMember, isPathBlockedForUnderage, linkAccess } from '../../src/app/contests/underage-gates';
import { getCarouselCards } from '../../src/features/rewards/carousel-cards';
import { decideMemberGuard } from '../../src/features/session/navigation-guard';
import { selectRailStories } from '../../src/features/stories/story-order';

const guard = (pathname: string, underage: boolean) =>
  decideMemberGuard({ pathname, fullPath: pathname, user: { isNewUser: false, underage }, storedRedirect: null });

describe('underage gates (spec §2, §6)', () => {
  it.each(['/welcome', '/profile/edit', '/games/poll', '/contests', '/benefits'])(
    'an underage member on %s is sent to /dashboard',
    (path) => {
      expect(guard(path, true)).toEqual({ action: 'redirect', to: '/dashboard' });
      expect(guard(`${path}/`, true)).toEqual({ action: 'redirect', to: '/dashboard' });
      expect(isPathBlockedForUnderage(path)).toBe(true);
    },
  );

  it.each(['/games/poll', '/contests', '/benefits', '/profile/edit'])('an adult member may open %s', (path) => {
    expect(guard(path, false)).toEqual({ action: 'allow' });
  });

  it.each(['/sweepstakes', '/media', '/cars', '/about', '/history', '/referral', '/digital-downloads', '/stories/x', '/articles/a'])(
    'an underage member may open %s',
    (path) => {
      expect(guard(path, true)).toEqual({ action: 'allow' });
      expect(isPathBlockedForUnderage(path)).toBe(false);
    },
  );

  it('links to blocked pages are hidden for an underage member only', () => {
    const links = [{ to: '/contests' }, { to: '/cars' }, { to: '/benefits?tab=1' }, { to: '/games/poll' }];
    expect(filterLinksForMember(links, true).map((l) => l.to)).toEqual(['/cars']);
    expect(filterLinksForMember(links, false)).toHaveLength(4);
    expect(linkAccess('/benefits', true)).toBe('hidden');
  });

  it('gated carousel cards are restricted for an underage member', () => {
    const card = (url: string, underageGate: boolean) =>
      ({
        id: url.slice(1),
        title: url,
        description: '',
        cta: '',
        url,
        mediaId: null,
        icon: 'gift',
        points: 0,
        underageGate,
        isAd: false,
      }) as const;
    const cards = [card('/benefits', true), card('/contests', true), card('/cars', false)];
    const restricted = getCarouselCards(true, cards)
      .filter((c) => c.access === 'restricted')
      .map((c) => c.url);
    expect(restricted).toEqual(['/benefits', '/contests']);
    expect(getCarouselCards(true, cards).find((c) => c.url === '/cars')?.access).toBe('available');
  });

  it('rank-coded stories are hidden from an underage member even of that rank', () => {
    const s = (id: string, title: string): Story => ({
      id,
      title,
      type: 'default',
      coverMediaId: 'c',
      createdAt: '2026-11-01T00:00:00Z',
      startsAt: '2026-11-01T00:00:00Z',
      stopsAt: null,
      viewed: false,
      shareable: true,
      chapters: [],
    });
    const now = new Date('2026-11-22T00:00:00Z');
    const rail = selectRailStories([s('p10', 'P10 Welcome pack'), s('plain', 'Race day')], { rank: 'P10', underage: true }, now);
    expect(rail.map((x) => x.id)).toEqual(['plain']);
  });
});
