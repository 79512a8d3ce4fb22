import { describe, expect, it } from 'vitest';
import type { CarouselCard } from '../../src/contracts/carousel';
import { getCarouselCardAccess, getCarouselCards, isExternalCardUrl } from '../../src/features/rewards/carousel-cards';

/** Cards as `GET /carousel` answers them (the demo's seeded cards are checked by the server tests). */
const card = (id: string, url: string, underageGate: boolean): CarouselCard => ({
  id,
  title: id,
  description: '',
  cta: 'Go',
  url,
  mediaId: null,
  icon: 'gift',
  points: 0,
  underageGate,
  isAd: false,
});
const CARDS = [card('watch', '/media', false), card('benefits', '/benefits', true), card('store', 'https://store.example.com/x', true)];

describe('rewards carousel underage gate (spec §6)', () => {
  it('an underage member sees gated cards restricted and the others available, in the given order', () => {
    expect(getCarouselCards(true, CARDS).map((c) => [c.id, c.access])).toEqual([
      ['watch', 'available'],
      ['benefits', 'restricted'],
      ['store', 'restricted'],
    ]);
  });

  it('an adult member (or a visitor) sees every card available', () => {
    expect(getCarouselCards(false, CARDS).every((c) => c.access === 'available')).toBe(true);
    expect(getCarouselCardAccess({ underageGate: true }, false)).toBe('available');
  });

  it('tells external links from in-app paths', () => {
    expect(isExternalCardUrl('https://store.example.com/x')).toBe(true);
    expect(isExternalCardUrl('/media')).toBe(false);
  });
});
