/**
 * The organization's settings for operators (name, short name, logo, brand colour, time zone, default language,
 * internal e-mail domains, check-in ladder, French texts, the cars page, points expiry): read, and changed by merging
 * the sent fields onto the stored ones and validating the whole with `OrganizationSettingsSchema`, audited (entity
 * `organization`) in the same transaction.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  AdminOrganizationSchema,
  OrganizationSettingsSchema,
  type AdminOrganization,
  type OrganizationPatchSchema,
  type OrganizationSettings,
} from '../../../src/contracts/admin/organization';
import type { Tx } from '../../db/client';
import { media, organizations } from '../../db/schema';
import { changedFields, recordAudit, type Actor } from '../../kernel/audit';
import type { AppDeps } from '../../kernel/types';
import { notFound, validationFailed } from '../../lib/errors';
import { parseWith } from '../../lib/http';
import type { OrganizationRow } from '../../lib/app-env';

/** The stored settings of an organization row, as the admin contract spells them. */
export function organizationSettings(row: OrganizationRow): OrganizationSettings {
  return {
    name: row.name,
    shortName: row.shortName,
    logoMediaId: row.logoMediaId,
    brandColor: row.brandColor,
    timeZone: row.timeZone,
    defaultLanguage: row.defaultLanguage === 'fr' ? 'fr' : 'en',
    internalEmailDomains: row.internalEmailDomains,
    checkinRewards: row.checkinRewards,
    translations: row.translations as OrganizationSettings['translations'],
    carsPage: row.carsPage ?? null,
    pointsExpireAfterDays: row.pointsExpireAfterDays,
    referralPoints: row.referralPoints,
    referralMonthlyLimit: row.referralMonthlyLimit,
  };
}

/** The settings of an organization row as the admin API answers them, with its id. */
const toItem = (row: OrganizationRow): AdminOrganization => AdminOrganizationSchema.parse({ id: row.id, ...organizationSettings(row) });

/**
 * The organization row `id`, locked for the change of this transaction.
 * @throws ApiError 404 when it does not exist
 */
export async function readOrganization(tx: Tx, id: string): Promise<OrganizationRow> {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, id)).for('update');
  if (!row) throw notFound('Organization not found');
  return row;
}

/**
 * Stores validated settings on the organization row `existing` (read `for update` in `tx`) and writes the audit
 * entry of the changed fields (none when nothing changed).
 * @returns the updated row
 * @throws ApiError 422 on `logoMediaId` when the logo is not a media of the organization
 */
export async function saveOrganizationSettings(
  tx: Tx,
  existing: OrganizationRow,
  settings: OrganizationSettings,
  actor: Actor,
): Promise<OrganizationRow> {
  const before = organizationSettings(existing);
  if (settings.logoMediaId !== null && settings.logoMediaId !== before.logoMediaId) {
    const [found] = await tx
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.id, settings.logoMediaId), eq(media.organizationId, existing.id)));
    if (!found) throw validationFailed('Invalid request body', [{ path: 'logoMediaId', message: 'No such media' }]);
  }
  const [row] = await tx.update(organizations).set(settings).where(eq(organizations.id, existing.id)).returning();
  const diff = changedFields(before, organizationSettings(row));
  if (Object.keys(diff.after).length) {
    await recordAudit(tx, actor, { entity: 'organization', entityId: existing.id, action: 'update', ...diff });
  }
  return row;
}

/**
 * The settings of organization `organizationId` as the admin API answers them.
 * @throws ApiError 404 NotFound when it does not exist
 */
export async function readOrganizationSettings({ db }: Pick<AppDeps, 'db'>, organizationId: string): Promise<AdminOrganization> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!row) throw notFound('Organization not found');
  return toItem(row);
}

/**
 * Merges `patch` onto the settings of organization `organizationId`, validates the whole and saves it with its audit
 * entry, in one transaction; the organization cache sees the change on the next request (the `organizations.version`
 * trigger).
 * @returns the settings as the admin API answers them
 * @throws ApiError 404 NotFound, 422 ValidationFailed naming the field when the merged settings break the contract or
 * the logo is not a media of the organization (nothing saved)
 */
export function changeOrganizationSettings(
  { db }: Pick<AppDeps, 'db'>,
  organizationId: string,
  actor: Actor,
  patch: Partial<z.infer<typeof OrganizationPatchSchema>>,
): Promise<AdminOrganization> {
  return db.transaction(async (tx) => {
    const existing = await readOrganization(tx, organizationId);
    const settings = parseWith(OrganizationSettingsSchema, { ...organizationSettings(existing), ...patch }, 'Invalid request body');
    return toItem(await saveOrganizationSettings(tx, existing, settings, actor));
  });
}
