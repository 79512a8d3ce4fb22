/**
 * Rewards carousel: the underage gate of the organization's cards (spec §6: "Gated carousel cards are
 * restricted" for users under 18) and where a card leads. The cards themselves come from `GET /carousel`
 * (written by the organization's operators; ./api/get-carousel-cards.ts), texts already in the member's language.
 */
import type { CarouselCard } from '../../contracts/carousel';

export type { CarouselCard, CarouselIcon } from '../../contracts/carousel';

/** `available`: the card links to its target; `restricted`: shown locked, no link (underage member). */
type CarouselCardAccess = 'available' | 'restricted';

/**
 * Underage gate of one card (spec §6).
 * @param card the card
 * @param isUnderage whether the member is under 18 (spec §5; visitors and members without a birthday are not)
 */
export function getCarouselCardAccess(card: Pick<CarouselCard, 'underageGate'>, isUnderage: boolean): CarouselCardAccess {
  return card.underageGate && isUnderage ? 'restricted' : 'available';
}

/** True when `url` leaves the app (absolute http(s) URL); in-app paths start with `/`. */
export function isExternalCardUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** The cards with their access for this member, in display order. */
export function getCarouselCards(
  isUnderage: boolean,
  cards: readonly CarouselCard[],
): Array<CarouselCard & { access: CarouselCardAccess }> {
  return cards.map((card) => ({ ...card, access: getCarouselCardAccess(card, isUnderage) }));
}
