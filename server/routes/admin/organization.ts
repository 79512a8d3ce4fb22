/**
 * `/api/admin/organization`: the organization's settings (name, short name, logo, brand colour, time zone, default
 * language, internal e-mail domains, check-in ladder, French texts, the cars page). `GET /` reads them, `PATCH /`
 * merges the sent fields onto them and validates the whole with `OrganizationSettingsSchema` (422 naming the field,
 * nothing saved), writing its audit entry (entity `organization`) in the same transaction. The organization cache
 * sees the change on the next request: the `organizations.version` trigger raises the version the session reads.
 */
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  AdminOrganizationSchema,
  OrganizationPatchSchema,
  OrganizationSettingsSchema,
  type AdminOrganization,
  type OrganizationSettings,
} from '../../../src/contracts/admin/organization';
import type { Tx } from '../../db/client';
import { media, organizations } from '../../db/schema';
import { changedFields, recordAudit } from '../../domain/audit';
import { notFound, validationFailed } from '../../lib/errors';
import { parseWith, readJson, sendData } from '../../lib/http';
import type { AppDeps, AppEnv, OrganizationRow } from '../../lib/types';
import { requireOperator } from './operator';
import { sentFields } from './resource';

/** The stored settings of an organization row, as the admin contract spells them. */
function organizationSettings(row: OrganizationRow): OrganizationSettings {
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
  };
}

const toItem = (row: OrganizationRow): AdminOrganization => AdminOrganizationSchema.parse({ id: row.id, ...organizationSettings(row) });

async function readOrganization(tx: Tx, id: string): Promise<OrganizationRow> {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, id)).for('update');
  if (!row) throw notFound('Organization not found');
  return row;
}

/** The organization settings routes, mounted at `/api/admin/organization`. */
export function organizationAdminRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const { organization } = requireOperator(c.get('principal'));
      const [row] = await deps.db.select().from(organizations).where(eq(organizations.id, organization.id));
      if (!row) throw notFound('Organization not found');
      return sendData(c, toItem(row));
    })
    .patch('/', async (c) => {
      const { organization, user } = requireOperator(c.get('principal'));
      const parsed = await readJson(c, OrganizationPatchSchema);
      const patch = sentFields(parsed as Record<string, unknown>, await c.req.json().catch(() => ({})));
      const item = await deps.db.transaction(async (tx) => {
        const existing = await readOrganization(tx, organization.id);
        const before = organizationSettings(existing);
        const settings = parseWith(OrganizationSettingsSchema, { ...before, ...patch }, 'Invalid request body');
        if (settings.logoMediaId !== null && settings.logoMediaId !== before.logoMediaId) {
          const [found] = await tx
            .select({ id: media.id })
            .from(media)
            .where(and(eq(media.id, settings.logoMediaId), eq(media.organizationId, organization.id)));
          if (!found) throw validationFailed('Invalid request body', [{ path: 'logoMediaId', message: 'No such media' }]);
        }
        const [row] = await tx.update(organizations).set(settings).where(eq(organizations.id, organization.id)).returning();
        const diff = changedFields(before, organizationSettings(row));
        if (Object.keys(diff.after).length) {
          await recordAudit(tx, user, { entity: 'organization', entityId: organization.id, action: 'update', ...diff });
        }
        return toItem(row);
      });
      return sendData(c, item);
    });
}
