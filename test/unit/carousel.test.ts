import { describe, expect, it } from 'vitest';
import {
  DEMO_CAROUSEL_CARDS,
  getCarouselCardAccess,
  getCarouselCards,
  isExternalCardUrl,
} from '../../src/features/rewards/carousel-cards';

describe('rewards carousel demo cards (spec §2)', () => {
  it('has the five spec cards in order with their targets', () => {
    expect(DEMO_CAROUSEL_CARDS.map((c) => [c.id, c.url.startsWith('/') ? c.url : 'external'])).toEqual([
      ['follow-the-action', '/media'],
      ['unlock-rewards', '/benefits'],
      ['win-win-win', '/contests'],
      ['latest-styles', 'external'],
      ['discover-alpine', '/cars'],
    ]);
  });

  it('gates UNLOCK REWARDS, WIN WIN WIN and LATEST STYLES for members under 18', () => {
    const gated = DEMO_CAROUSEL_CARDS.filter((c) => c.underageGate).map((c) => c.id);
    expect(gated).toEqual(['unlock-rewards', 'win-win-win', 'latest-styles']);
  });

  it('an underage member sees gated cards restricted and the others available', () => {
    const access = getCarouselCards(true).map((c) => [c.id, c.access]);
    expect(access).toEqual([
      ['follow-the-action', 'available'],
      ['unlock-rewards', 'restricted'],
      ['win-win-win', 'restricted'],
      ['latest-styles', 'restricted'],
      ['discover-alpine', 'available'],
    ]);
  });

  it('an adult member (or a visitor) sees every card available', () => {
    expect(getCarouselCards(false).every((c) => c.access === 'available')).toBe(true);
    expect(getCarouselCardAccess({ underageGate: true }, false)).toBe('available');
  });

  it('every card has the spec §3 fields', () => {
    for (const card of DEMO_CAROUSEL_CARDS) {
      expect(Object.keys(card).sort()).toEqual(
        ['cta', 'description', 'icon', 'id', 'image', 'isAd', 'points', 'title', 'underageGate', 'url'].sort(),
      );
      expect(card.image).toBeTruthy();
    }
  });

  it('tells external links from in-app paths', () => {
    expect(isExternalCardUrl('https://store.example.com/x')).toBe(true);
    expect(isExternalCardUrl('/media')).toBe(false);
  });
});
