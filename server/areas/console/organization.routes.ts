/**
 * `/api/admin/organization`: the organization's settings (name, short name, logo, brand colour, time zone, default
 * language, internal e-mail domains, check-in ladder, French texts, the cars page, points expiry). `GET /` reads them, `PATCH /`
 * merges the sent fields onto them and validates the whole with `OrganizationSettingsSchema` (422 naming the field,
 * nothing saved), writing its audit entry (entity `organization`) in the same transaction. The organization cache
 * sees the change on the next request: the `organizations.version` trigger raises the version the session reads.
 */
import { AdminOrganizationResponseSchema, OrganizationPatchSchema } from '../../../src/contracts/admin/organization';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { requireOperator } from './operator';
import { sentFields } from './resource';
import { changeOrganizationSettings, readOrganizationSettings } from './organization.service';

/** `GET /`. */
const readRoute = declareRoute({
  method: 'get',
  path: '/',
  summary: "The organization's settings",
  tags: ['admin'],
  auth: 'operator',
  response: AdminOrganizationResponseSchema,
});

const updateDoc = {
  summary: "Updates the organization's settings: the fields sent are merged and the whole is validated again",
  tags: ['admin'],
  auth: 'operator',
  body: OrganizationPatchSchema,
  response: AdminOrganizationResponseSchema,
  errors: { 422: 'ValidationFailed: the merged settings break the contract, or the logo is not a media of the organization.' },
} as const;
/** `PATCH /`. */
const updateRoute = declareRoute({ method: 'patch', path: '/', ...updateDoc });

/** The organization settings routes, mounted at `/api/admin/organization`. */
export function organizationAdminRoutes(deps: AppDeps) {
  return routeGroup()
    .openapi(readRoute, async (c) => {
      const { organization } = requireOperator(c.get('principal'));
      return sendData(c, await readOrganizationSettings(deps, organization.id));
    })
    .openapi(updateRoute, async (c) => {
      const { organization, user } = requireOperator(c.get('principal'));
      const patch = await sentFields(c, c.req.valid('json'));
      const item = await changeOrganizationSettings(deps, organization.id, user, patch);
      return sendData(c, item);
    });
}
