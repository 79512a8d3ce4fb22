/**
 * `GET /api/organization/current` (spec §7): the caller's organization (from the bearer) with its token and
 * ranks, its name, short name and rank titles in the request's language (operators set them in the console).
 * Visitors and members alike. Read from the organization cache, which sees an operator's change on the next
 * request.
 */
import { OrganizationResponseSchema, type Organization } from '../../../src/contracts/organization';
import { sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { OrganizationRow, RankRow } from '../../lib/app-env';
import { languageOf, localized, type ContentLanguage } from '../../lib/localize';

/** Organization row + its ranks (threshold ascending) -> wire format in `language`. */
function serializeOrganization(org: OrganizationRow, ranks: RankRow[], language: ContentLanguage): Organization {
  const texts = localized({ name: org.name, shortName: org.shortName ?? '' }, org.translations, language);
  return {
    organizationId: org.id,
    name: texts.name,
    shortName: texts.shortName || texts.name,
    defaultLanguage: org.defaultLanguage === 'fr' ? 'fr' : 'en',
    token: org.token,
    ranks: ranks.map((r) => ({
      name: r.code,
      title: localized({ title: r.title }, r.translations, language).title,
      threshold: r.threshold,
    })),
    timeZone: org.timeZone,
    brandColor: org.brandColor,
    logoMediaId: org.logoMediaId,
  };
}

/** `GET /organization/current`. */
const currentRoute = declareRoute({
  method: 'get',
  path: '/current',
  summary: "The caller's organization, its token and its ranks",
  description: 'The first call of a client: it needs no `x-org-token`, and answers the token to send on every later call.',
  tags: ['organization'],
  auth: 'visitor-or-member-no-org-token',
  response: OrganizationResponseSchema,
});

/** The organization routes; they need no dependency: the principal carries the organization and its ranks. */
export function organizationRoutes() {
  return routeGroup().openapi(currentRoute, (c) => {
    const { organization, ranks } = c.get('principal');
    return sendData(c, serializeOrganization(organization, ranks, languageOf(c)));
  });
}
