/**
 * The rewards carousel (spec §3-§4): the organization's live cards in the member's language, and the cards a member
 * dismissed. Cards are written by operators (`/api/admin/carousel-cards`); live means neither a draft nor archived
 * and inside its window (`statusCondition`, rule `src/rules/content-status.ts`).
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { CarouselCard, CarouselDismissal } from '../../../src/contracts/carousel';
import { carouselCards } from '../../db/schema';
import { carouselDismissals } from '../../db/schema/carousel';
import { statusCondition } from '../../kernel/content-status';
import type { AppDeps } from '../../kernel/types';
import { localized, type ContentLanguage } from '../../lib/localize';

const LIVE = {
  archivedAt: carouselCards.archivedAt,
  draft: carouselCards.draft,
  start: carouselCards.startsAt,
  end: carouselCards.stopsAt,
};

const toDismissal = (r: typeof carouselDismissals.$inferSelect): CarouselDismissal => ({
  cardId: r.cardId,
  dismissedAt: r.dismissedAt.toISOString(),
});

/**
 * The live cards of `organizationId` at the server's time, texts in `language`, in display order (`sortOrder`, then
 * creation).
 */
export async function liveCards(deps: AppDeps, organizationId: string, language: ContentLanguage): Promise<CarouselCard[]> {
  const rows = await deps.db
    .select()
    .from(carouselCards)
    .where(and(eq(carouselCards.organizationId, organizationId), statusCondition(LIVE, 'live', deps.clock())))
    .orderBy(asc(carouselCards.sortOrder), asc(carouselCards.createdAt));
  return rows.map((r) => ({
    id: r.key,
    ...localized({ title: r.title, description: r.description, cta: r.cta }, r.translations, language),
    url: r.url,
    mediaId: r.mediaId,
    icon: r.icon as CarouselCard['icon'],
    points: r.points,
    underageGate: r.underageGate,
    isAd: r.isAd,
  }));
}

/** The cards the member `userId` dismissed, newest first. */
export async function dismissedCards(deps: AppDeps, userId: string): Promise<CarouselDismissal[]> {
  const rows = await deps.db
    .select()
    .from(carouselDismissals)
    .where(eq(carouselDismissals.userId, userId))
    .orderBy(desc(carouselDismissals.dismissedAt));
  return rows.map(toDismissal);
}

/**
 * Remembers that the member `userId` dismissed the card `cardId`, once: a second dismissal answers the first one's
 * time.
 */
export async function dismissCard(deps: AppDeps, userId: string, cardId: string): Promise<CarouselDismissal> {
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(carouselDismissals)
      .values({ userId, cardId, dismissedAt: deps.clock() })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
    const [existing] = await tx
      .select()
      .from(carouselDismissals)
      .where(and(eq(carouselDismissals.userId, userId), eq(carouselDismissals.cardId, cardId)));
    return existing;
  });
  return toDismissal(row);
}
