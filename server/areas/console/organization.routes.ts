/**
 * `/api/admin/organization`: the organization's settings (name, short name, logo, brand colour, time zone, default
 * language, internal e-mail domains, check-in ladder, French texts, the cars page, points expiry). `GET /` reads them, `PATCH /`
 * merges the sent fields onto them and validates the whole with `OrganizationSettingsSchema` (422 naming the field,
 * nothing saved), writing its audit entry (entity `organization`) in the same transaction. The organization cache
 * sees the change on the next request: the `organizations.version` trigger raises the version the session reads.
 */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  AdminOrganizationResponseSchema,
  AdminOrganizationSchema,
  OrganizationPatchSchema,
  OrganizationSettingsSchema,
  type AdminOrganization,
  type OrganizationSettings,
} from '../../../src/contracts/admin/organization';
import type { Tx } from '../../db/client';
import { media, organizations } from '../../db/schema';
import { changedFields, recordAudit, type Actor } from '../../kernel/audit';
import { notFound, validationFailed } from '../../lib/errors';
import { parseWith, sendData } from '../../lib/http';
import { documented } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv, OrganizationRow } from '../../lib/app-env';
import { requireOperator } from './operator';
import { readPatch } from './resource';

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

/** The organization settings routes, mounted at `/api/admin/organization`. */
export function organizationAdminRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/',
      documented({
        summary: "The organization's settings",
        tags: ['admin'],
        auth: 'operator',
        response: AdminOrganizationResponseSchema,
      }),
      async (c) => {
        const { organization } = requireOperator(c.get('principal'));
        const [row] = await deps.db.select().from(organizations).where(eq(organizations.id, organization.id));
        if (!row) throw notFound('Organization not found');
        return sendData(c, toItem(row));
      },
    )
    .patch(
      '/',
      documented({
        summary: "Updates the organization's settings: the fields sent are merged and the whole is validated again",
        tags: ['admin'],
        auth: 'operator',
        body: OrganizationPatchSchema,
        response: AdminOrganizationResponseSchema,
        errors: { 422: 'ValidationFailed: the merged settings break the contract, or the logo is not a media of the organization.' },
      }),
      async (c) => {
        const { organization, user } = requireOperator(c.get('principal'));
        const patch = await readPatch(c, OrganizationPatchSchema);
        const item = await deps.db.transaction(async (tx) => {
          const existing = await readOrganization(tx, organization.id);
          const settings = parseWith(OrganizationSettingsSchema, { ...organizationSettings(existing), ...patch }, 'Invalid request body');
          return toItem(await saveOrganizationSettings(tx, existing, settings, user));
        });
        return sendData(c, item);
      },
    );
}
