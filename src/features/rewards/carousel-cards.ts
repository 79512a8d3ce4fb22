/**
 * Rewards carousel: the built-in demo cards (spec §2 "Carousel demo cards", §3 "Reward / carousel card")
 * and the underage gate (spec §6: "Gated carousel cards are restricted" for users under 18).
 *
 * Card texts (`title`, `description`, `cta`) are i18n keys in the `rewards` namespace, so the same
 * demo data reads naturally in every language.
 */
import followTheAction from './assets/follow-the-action.svg';
import unlockRewards from './assets/unlock-rewards.svg';
import winWinWin from './assets/win-win-win.svg';
import latestStyles from './assets/latest-styles.svg';
import discoverAlpine from './assets/discover-alpine.svg';

/** Icon names the carousel knows how to draw. */
export type CarouselIcon = 'play' | 'gift' | 'trophy' | 'shirt' | 'car';

/** A reward / carousel card (spec §3). */
export interface CarouselCard {
  id: string;
  /** i18n key (namespace `rewards`) of the card title. */
  title: string;
  /** i18n key of the description. */
  description: string;
  /** Points shown on the card (what the activity can earn); 0 hides the badge. */
  points: number;
  /** Image URL (bundled illustration). */
  image: string;
  /** In-app path (starts with `/`) or absolute external URL. */
  url: string;
  /** i18n key of the call-to-action label. */
  cta: string;
  icon: CarouselIcon;
  /** True when members under 18 may not use this card (spec §2, §6). */
  underageGate: boolean;
  /** True for a sponsored / advertising card (shown with an "Ad" label). */
  isAd: boolean;
}

/** External store of the LATEST STYLES card (demo data; replace per organization). */
const DEMO_STORE_URL = 'https://store.example.com/alpine-racing';

/** The five demo cards of spec §2, in the spec's order. */
export const DEMO_CAROUSEL_CARDS: readonly CarouselCard[] = [
  {
    id: 'follow-the-action',
    title: 'cards.followTheAction.title',
    description: 'cards.followTheAction.description',
    points: 25,
    image: followTheAction,
    url: '/media',
    cta: 'cards.followTheAction.cta',
    icon: 'play',
    underageGate: false,
    isAd: false,
  },
  {
    id: 'unlock-rewards',
    title: 'cards.unlockRewards.title',
    description: 'cards.unlockRewards.description',
    points: 500,
    image: unlockRewards,
    url: '/benefits',
    cta: 'cards.unlockRewards.cta',
    icon: 'gift',
    underageGate: true,
    isAd: false,
  },
  {
    id: 'win-win-win',
    title: 'cards.winWinWin.title',
    description: 'cards.winWinWin.description',
    points: 100,
    image: winWinWin,
    url: '/contests',
    cta: 'cards.winWinWin.cta',
    icon: 'trophy',
    underageGate: true,
    isAd: false,
  },
  {
    id: 'latest-styles',
    title: 'cards.latestStyles.title',
    description: 'cards.latestStyles.description',
    points: 0,
    image: latestStyles,
    url: DEMO_STORE_URL,
    cta: 'cards.latestStyles.cta',
    icon: 'shirt',
    underageGate: true,
    isAd: true,
  },
  {
    id: 'discover-alpine',
    title: 'cards.discoverAlpine.title',
    description: 'cards.discoverAlpine.description',
    points: 0,
    image: discoverAlpine,
    url: '/cars',
    cta: 'cards.discoverAlpine.cta',
    icon: 'car',
    underageGate: false,
    isAd: false,
  },
];

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
  cards: readonly CarouselCard[] = DEMO_CAROUSEL_CARDS,
): Array<CarouselCard & { access: CarouselCardAccess }> {
  return cards.map((card) => ({ ...card, access: getCarouselCardAccess(card, isUnderage) }));
}
