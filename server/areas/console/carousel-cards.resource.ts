/**
 * `/api/admin/carousel-cards`: the rewards carousel's cards (spec §3 "Reward / carousel card"), shown to fans at
 * `GET /api/carousel`. Contract: `src/contracts/admin/carousel-card.ts`. A card's `key` is the id members'
 * dismissals name; nobody earns from a card itself, so a delete deletes.
 */
import {
  AdminCarouselCardSchema,
  CarouselCardInputSchema,
  CarouselCardPatchSchema,
  type CarouselCardInputData,
} from '../../../src/contracts/admin/carousel-card';
import { carouselCards } from '../../db/schema';
import { type AdminResource, itemFields } from './resource';

type CarouselCardRow = typeof carouselCards.$inferSelect;

/** The carousel-card resource of the admin API. */
export const carouselCardResource: AdminResource<CarouselCardRow, CarouselCardInputData> = {
  name: 'carousel-cards',
  noun: 'Carousel card',
  table: carouselCards,
  input: CarouselCardInputSchema,
  patch: CarouselCardPatchSchema as never,
  item: AdminCarouselCardSchema,
  search: [carouselCards.title, carouselCards.description, carouselCards.key, carouselCards.url],
  newest: carouselCards.createdAt,
  status: { archivedAt: carouselCards.archivedAt, draft: carouselCards.draft, start: carouselCards.startsAt, end: carouselCards.stopsAt },
  toValues: (input) => ({
    ...input,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    stopsAt: input.stopsAt ? new Date(input.stopsAt) : null,
  }),
  toInput: (row) => ({
    key: row.key,
    title: row.title,
    description: row.description,
    cta: row.cta,
    url: row.url,
    mediaId: row.mediaId,
    icon: row.icon as CarouselCardInputData['icon'],
    points: row.points,
    underageGate: row.underageGate,
    isAd: row.isAd,
    startsAt: row.startsAt?.toISOString() ?? null,
    stopsAt: row.stopsAt?.toISOString() ?? null,
    sortOrder: row.sortOrder,
    draft: row.draft,
    translations: row.translations as CarouselCardInputData['translations'],
  }),
  toItem: (row, now) =>
    AdminCarouselCardSchema.parse({
      ...carouselCardResource.toInput(row),
      ...itemFields(row, { start: row.startsAt, end: row.stopsAt }, now),
    }),
  mediaRefs: (input) => (input.mediaId ? [{ path: 'mediaId', id: input.mediaId }] : []),
};
