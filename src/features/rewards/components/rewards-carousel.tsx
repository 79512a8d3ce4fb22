/**
 * Rewards carousel (spec §3 carousel card, §6 underage gate): the organization's cards (`GET /carousel`) as a
 * horizontal, scroll-snapping list. Keyboard: Tab reaches each card, Left/Right arrows move between cards, and the previous/next buttons
 * scroll by one card. Gated cards are shown restricted (lock, explanation, no link) to members under 18.
 */
import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PathIcon } from '../../../components/icons';
import { mediaUrl } from '../../../api/media';
import { useCarouselCards } from '../api/get-carousel-cards';
import { getCarouselCards, isExternalCardUrl, type CarouselCard, type CarouselIcon } from '../carousel-cards';
import './rewards.css';

const ICONS: Record<CarouselIcon | 'lock' | 'prev' | 'next' | 'external', string> = {
  play: 'M8 5v14l11-7z',
  gift: 'M20 12v10H4V12M2 7h20v5H2zM12 22V7M12 7H7.5a2.5 2.5 0 1 1 0-5C11 2 12 7 12 7zM12 7h4.5a2.5 2.5 0 1 0 0-5C13 2 12 7 12 7z',
  trophy: 'M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0zM17 5h3a3 3 0 0 1-3 4M7 5H4a3 3 0 0 0 3 4',
  shirt: 'M20.4 6.6L16 4a4 4 0 0 1-8 0L3.6 6.6l1.6 4.2L7 10v10h10V10l1.8.8z',
  car: 'M5 17h14M3 13l2-5h14l2 5v4H3zM7 17v2M17 17v2M6.5 13h.01M17.5 13h.01',
  lock: 'M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4',
  prev: 'M15 18l-6-6 6-6',
  next: 'M9 18l6-6-6-6',
  external: 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6',
};

function Icon({ name, className }: { name: keyof typeof ICONS; className?: string }) {
  return <PathIcon d={ICONS[name]} width="1em" height="1em" className={className} />;
}

function CardContent({ card, restricted }: { card: CarouselCard; restricted: boolean }) {
  const { t } = useTranslation('rewards');
  const external = isExternalCardUrl(card.url);
  const image = mediaUrl(card.mediaId);
  return (
    <>
      <div className="reward-card__media">
        {image ? <img src={image} alt="" width={320} height={180} loading="lazy" decoding="async" /> : null}
        <span className="reward-card__icon">
          <Icon name={card.icon} />
        </span>
        {card.isAd ? <span className="pill reward-card__ad">{t('ad')}</span> : null}
        {restricted ? (
          <span className="reward-card__lock">
            <Icon name="lock" />
          </span>
        ) : null}
      </div>
      <div className="card__body reward-card__body">
        <div className="row row--between">
          <h3 className="reward-card__title">{card.title}</h3>
          {card.points > 0 ? <span className="pill pill--warning">{t('points', { count: card.points })}</span> : null}
        </div>
        <p className="card__meta">{card.description}</p>
        {restricted ? (
          <p className="reward-card__restricted">
            <Icon name="lock" /> {t('restricted')}
          </p>
        ) : (
          <span className="reward-card__cta">
            {card.cta}
            {external ? (
              <>
                <Icon name="external" />
                <span className="visually-hidden">{t('opensNewTab')}</span>
              </>
            ) : (
              <Icon name="next" />
            )}
          </span>
        )}
      </div>
    </>
  );
}

/** Props: whether the member is under 18 (spec §5); the cards the member dismissed and how to dismiss one. */
interface RewardsCarouselProps {
  isUnderage: boolean;
  /** Ids of cards the member removed (spec §4); they are not shown. */
  dismissedIds?: ReadonlySet<string>;
  /** Removes a card (locally first, then `DELETE /carousel/{id}`); no dismiss button when absent. */
  onDismiss?: (cardId: string) => void;
}

/** Renders the carousel section with its heading and scroll buttons. */
export function RewardsCarousel({ isUnderage, dismissedIds, onDismiss }: RewardsCarouselProps) {
  const { t } = useTranslation('rewards');
  const listRef = useRef<HTMLUListElement>(null);
  const { data = [] } = useCarouselCards();
  const cards = getCarouselCards(isUnderage, data).filter((card) => !dismissedIds?.has(card.id));

  const scrollByCard = (direction: 1 | -1) => {
    const list = listRef.current;
    const first = list?.firstElementChild as HTMLElement | null;
    if (!list || !first) return;
    list.scrollBy({ left: direction * (first.offsetWidth + 12), behavior: 'smooth' });
  };

  // Arrow keys move between the cards; each card listens, since the list itself is not interactive.
  const onKeyDown = (event: React.KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const items = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[data-carousel-item]') ?? []);
    const index = items.findIndex((el) => el.contains(document.activeElement));
    if (index < 0) return;
    const next = items[index + (event.key === 'ArrowRight' ? 1 : -1)];
    if (!next) return;
    event.preventDefault();
    next.focus();
    next.scrollIntoView({ behavior: 'smooth', block: 'nearest', inline: 'start' });
  };

  // An organization without live cards (or a member who dismissed them all) gets no empty carousel.
  if (cards.length === 0) return null;

  return (
    <section className="section rewards" aria-labelledby="rewards-title" aria-roledescription={t('roledescription')}>
      <div className="row row--between">
        <h2 id="rewards-title" className="section__title">
          {t('title')}
        </h2>
        <div className="row rewards__controls">
          <button type="button" className="icon-btn" onClick={() => scrollByCard(-1)} aria-label={t('previous')}>
            <Icon name="prev" />
          </button>
          <button type="button" className="icon-btn" onClick={() => scrollByCard(1)} aria-label={t('next')}>
            <Icon name="next" />
          </button>
        </div>
      </div>
      {isUnderage ? <p className="muted rewards__note">{t('underageNote')}</p> : null}
      <ul ref={listRef} className="scroll-row rewards__list" aria-label={t('listLabel')}>
        {cards.map((card, i) => {
          const restricted = card.access === 'restricted';
          const label = t('position', { current: i + 1, total: cards.length });
          const className = `card reward-card ${restricted ? 'reward-card--restricted' : 'card--interactive'}`;
          return (
            <li key={card.id} aria-label={label} aria-roledescription={t('slide')} style={onDismiss ? { position: 'relative' } : undefined}>
              {restricted ? (
                // A restricted card stays in the tab and arrow order so keyboard and screen-reader users reach its
                // "for members aged 18 and over" note, as pointer users see it; it is not a link, so it has no role.
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex, jsx-a11y/no-static-element-interactions -- see above
                <div className={className} tabIndex={0} data-carousel-item aria-disabled="true" onKeyDown={onKeyDown}>
                  <CardContent card={card} restricted />
                </div>
              ) : isExternalCardUrl(card.url) ? (
                <a className={className} href={card.url} target="_blank" rel="noopener noreferrer" data-carousel-item onKeyDown={onKeyDown}>
                  <CardContent card={card} restricted={false} />
                </a>
              ) : (
                <Link className={className} to={card.url} data-carousel-item onKeyDown={onKeyDown}>
                  <CardContent card={card} restricted={false} />
                </Link>
              )}
              {onDismiss ? (
                <button
                  type="button"
                  className="icon-btn"
                  style={{ position: 'absolute', top: 8, right: 8, zIndex: 1, width: 32, height: 32, background: 'rgb(5 8 14 / 0.7)' }}
                  aria-label={t('dismiss', { title: card.title })}
                  onClick={() => onDismiss(card.id)}
                >
                  <PathIcon d="M6 6l12 12M18 6L6 18" width="16" height="16" />
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
