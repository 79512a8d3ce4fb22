/**
 * `/api/admin/consents`: the consents the organization asks members for (spec §3 Consent). Contract:
 * `src/contracts/admin/consent.ts`. A consent any member answered is archived on delete: their answers stay, and
 * an archived consent is no longer offered (`GET /api/consent/user`).
 */
import { eq } from 'drizzle-orm';
import { AdminConsentSchema, ConsentInputSchema, ConsentPatchSchema, type ConsentInputData } from '../../../src/contracts/admin/consent';
import { consents, userConsents } from '../../db/schema';
import { type AdminResource, itemFields } from './resource';

type ConsentRow = typeof consents.$inferSelect;

/** The consent resource of the admin API. */
export const consentResource: AdminResource<ConsentRow, ConsentInputData> = {
  name: 'consents',
  noun: 'Consent',
  table: consents,
  input: ConsentInputSchema,
  patch: ConsentPatchSchema as never,
  item: AdminConsentSchema,
  search: [consents.name, consents.description, consents.key],
  newest: consents.updatedAt,
  status: { archivedAt: consents.archivedAt },
  toValues: (input) => ({ ...input }),
  toInput: (row) => ({
    key: row.key,
    name: row.name,
    description: row.description,
    sortOrder: row.sortOrder,
    translations: row.translations as ConsentInputData['translations'],
  }),
  toItem: (row, now) =>
    AdminConsentSchema.parse({
      ...consentResource.toInput(row),
      ...itemFields(row, { start: null, end: null }, now),
    }),
  inUse: async (db, id) => {
    const [row] = await db.select({ id: userConsents.consentId }).from(userConsents).where(eq(userConsents.consentId, id)).limit(1);
    return row !== undefined;
  },
};
