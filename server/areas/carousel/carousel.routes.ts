/**
 * The rewards carousel (spec §3-§4, §7-§8), mounted at `/api/carousel` behind authentication and Idempotency-Key:
 * - `GET /`: the organization's live cards (written by operators at `/api/admin/carousel-cards`: neither drafts
 *   nor archived, inside their window), texts in the request's language, in display order; visitors too. The
 *   underage gate is the client's (src/rules/underage.ts), from the member's birthday.
 * Members only:
 * - `DELETE /{id}`: remembers that the member dismissed card `{id}`; 200 with `{cardId, dismissedAt}`
 *   (a second delete answers the first time); 422 for an id that is not a card id.
 * - `GET /dismissed`: the member's dismissed cards, newest first.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { CarouselCard, CarouselDismissal } from '../../../src/contracts/carousel';
import {
  CarouselCardIdSchema,
  CarouselCardListResponseSchema,
  CarouselDismissalListResponseSchema,
  CarouselDismissalResponseSchema,
} from '../../../src/contracts/carousel';
import { carouselCards } from '../../db/schema';
import { carouselDismissals } from '../../db/schema/carousel';
import { parseWith, sendData } from '../../lib/http';
import { documented } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv } from '../../lib/app-env';
import { requireUser } from '../../kernel/authenticate';
import { statusCondition } from '../../kernel/content-status';
import { languageOf, localized } from '../../lib/localize';

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

/** Builds the carousel route group for one app. */
export function carouselRoutes(deps: AppDeps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .get(
      '/',
      documented({
        summary: "The organization's live rewards-carousel cards, in display order",
        tags: ['carousel'],
        auth: 'visitor-or-member',
        response: CarouselCardListResponseSchema,
      }),
      async (c) => {
        const { organization } = c.get('principal');
        const language = languageOf(c);
        const rows = await db
          .select()
          .from(carouselCards)
          .where(and(eq(carouselCards.organizationId, organization.id), statusCondition(LIVE, 'live', deps.clock())))
          .orderBy(asc(carouselCards.sortOrder), asc(carouselCards.createdAt));
        const cards: CarouselCard[] = rows.map((r) => ({
          id: r.key,
          ...localized({ title: r.title, description: r.description, cta: r.cta }, r.translations, language),
          url: r.url,
          mediaId: r.mediaId,
          icon: r.icon as CarouselCard['icon'],
          points: r.points,
          underageGate: r.underageGate,
          isAd: r.isAd,
        }));
        return sendData(c, cards);
      },
    )
    .get(
      '/dismissed',
      documented({
        summary: "The member's dismissed carousel cards, newest first",
        tags: ['carousel'],
        response: CarouselDismissalListResponseSchema,
      }),
      async (c) => {
        const { user } = requireUser(c.get('principal'));
        const rows = await db
          .select()
          .from(carouselDismissals)
          .where(eq(carouselDismissals.userId, user.id))
          .orderBy(desc(carouselDismissals.dismissedAt));
        return sendData(c, rows.map(toDismissal));
      },
    )
    .delete(
      '/:id',
      documented({
        summary: 'Remembers that the member dismissed a carousel card',
        description: 'Dismissing a card twice answers the first `dismissedAt`.',
        tags: ['carousel'],
        params: { id: CarouselCardIdSchema },
        response: CarouselDismissalResponseSchema,
        errors: { 422: 'ValidationFailed: the id is not a card id.' },
      }),
      async (c) => {
        const { user } = requireUser(c.get('principal'));
        const cardId = parseWith(CarouselCardIdSchema, c.req.param('id'), 'Invalid card id');
        const row = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(carouselDismissals)
            .values({ userId: user.id, cardId, dismissedAt: deps.clock() })
            .onConflictDoNothing()
            .returning();
          if (created) return created;
          const [existing] = await tx
            .select()
            .from(carouselDismissals)
            .where(and(eq(carouselDismissals.userId, user.id), eq(carouselDismissals.cardId, cardId)));
          return existing;
        });
        return sendData(c, toDismissal(row));
      },
    );
}
