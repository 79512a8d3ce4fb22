/**
 * `/api/admin/activations`: activations (branded campaigns, spec §3) with their badges. Contract:
 * `src/contracts/admin/activation.ts`. Badges are written by `afterWrite` (a badge sent with its `id` is updated
 * in place, so members keep holding it; one without is created; a stored badge left out is removed, unless members
 * hold it: 422) and read by `load`. An activation anyone activated is archived, never deleted.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import {
  ActivationInputSchema,
  ActivationPatchSchema,
  AdminActivationSchema,
  type ActivationInputData,
} from '../../../src/contracts/admin/activation';
import { activations, activationUsers, badges, userBadges } from '../../db/schema';
import { validationFailed } from '../../lib/errors';
import { type AdminResource, itemFields } from './resource';

type ActivationRow = typeof activations.$inferSelect & { badges: Array<typeof badges.$inferSelect> };

/** The activation resource of the admin API. */
export const activationResource: AdminResource<ActivationRow, ActivationInputData> = {
  name: 'activations',
  noun: 'Activation',
  table: activations,
  input: ActivationInputSchema,
  patch: ActivationPatchSchema as never,
  item: AdminActivationSchema,
  search: [activations.title, activations.description, activations.slug],
  newest: activations.startsAt,
  status: { archivedAt: activations.archivedAt, draft: activations.draft, start: activations.startsAt, end: activations.stopsAt },
  toValues: (input) => ({
    slug: input.slug,
    title: input.title,
    description: input.description,
    startsAt: new Date(input.startsAt),
    stopsAt: input.stopsAt ? new Date(input.stopsAt) : null,
    mediaId: input.mediaId,
    value: input.value,
    draft: input.draft,
    translations: input.translations,
  }),
  toInput: (row) => ({
    slug: row.slug,
    title: row.title,
    description: row.description,
    startsAt: row.startsAt.toISOString(),
    stopsAt: row.stopsAt?.toISOString() ?? null,
    mediaId: row.mediaId,
    value: row.value,
    draft: row.draft,
    translations: row.translations as ActivationInputData['translations'],
    badges: row.badges.map((b) => ({
      id: b.id,
      slug: b.slug,
      name: b.name,
      description: b.description,
      mediaId: b.mediaId,
      translations: b.translations as ActivationInputData['badges'][number]['translations'],
    })),
  }),
  toItem: (row, now) =>
    AdminActivationSchema.parse({
      ...activationResource.toInput(row),
      ...itemFields(row, { start: row.startsAt, end: row.stopsAt }, now),
    }),
  mediaRefs: (input) => [
    ...(input.mediaId ? [{ path: 'mediaId', id: input.mediaId }] : []),
    ...input.badges.flatMap((b, i) => (b.mediaId ? [{ path: `badges.${i}.mediaId`, id: b.mediaId }] : [])),
  ],
  afterWrite: async (row, input, { tx }) => {
    const stored = await tx.select().from(badges).where(eq(badges.activationId, row.id));
    const storedIds = new Set(stored.map((b) => b.id));
    input.badges.forEach((b, i) => {
      if (b.id !== undefined && !storedIds.has(b.id))
        throw validationFailed('Invalid request body', [{ path: `badges.${i}.id`, message: 'No such badge in this activation' }]);
    });
    const kept = new Set(input.badges.flatMap((b) => (b.id ? [b.id] : [])));
    const removed = stored.filter((b) => !kept.has(b.id)).map((b) => b.id);
    if (removed.length) {
      const held = await tx.select({ id: userBadges.badgeId }).from(userBadges).where(inArray(userBadges.badgeId, removed)).limit(1);
      if (held.length)
        throw validationFailed('Invalid request body', [
          { path: 'badges', message: 'Members hold a badge left out: keep it, or archive the activation' },
        ]);
      await tx.delete(badges).where(inArray(badges.id, removed));
    }
    // Free the slugs of renamed badges first, so two badges may swap slugs in one edit.
    for (const b of input.badges)
      if (b.id)
        await tx
          .update(badges)
          .set({ slug: `~${b.id}` })
          .where(eq(badges.id, b.id));
    for (const b of input.badges) {
      const values = { slug: b.slug, name: b.name, description: b.description, mediaId: b.mediaId, translations: b.translations };
      if (b.id) await tx.update(badges).set(values).where(eq(badges.id, b.id));
      else await tx.insert(badges).values({ ...values, activationId: row.id });
    }
  },
  load: async (db, rows) => {
    const list = rows as Array<typeof activations.$inferSelect>;
    if (!list.length) return [];
    const all = await db
      .select()
      .from(badges)
      .where(
        inArray(
          badges.activationId,
          list.map((r) => r.id),
        ),
      )
      .orderBy(asc(badges.slug));
    return list.map((r) => ({ ...r, badges: all.filter((b) => b.activationId === r.id) }));
  },
  inUse: async (db, id) => {
    const [row] = await db
      .select({ id: activationUsers.activationId })
      .from(activationUsers)
      .where(eq(activationUsers.activationId, id))
      .limit(1);
    return row !== undefined;
  },
};
