/**
 * `GET /api/benefits`: the organization's published benefits (neither drafts nor archived, rule
 * `isPublished` of src/rules/content-status.ts), each with the lowest rank that holds it, texts in the request's
 * language, in display order. Visitors and members alike; operators write them at `/api/admin/benefits`.
 */
import { BenefitListResponseSchema } from '../../../src/contracts/benefit';
import type { AppDeps } from '../../kernel/types';
import { sendData } from '../../lib/http';
import { languageOf } from '../../lib/localize';
import { declareRoute, routeGroup } from '../../lib/openapi';
import { publishedBenefits } from './benefits.service';

/** `GET /benefits`. */
const listRoute = declareRoute({
  method: 'get',
  path: '/',
  summary: "The organization's published benefits, each with the lowest rank that holds it",
  tags: ['benefits'],
  auth: 'visitor-or-member',
  response: BenefitListResponseSchema,
});

/** Builds the benefits route group for one app. */
export function benefitRoutes(deps: AppDeps) {
  return routeGroup().openapi(listRoute, async (c) => {
    const { organization } = c.get('principal');
    return sendData(c, await publishedBenefits(deps, organization.id, languageOf(c)));
  });
}
