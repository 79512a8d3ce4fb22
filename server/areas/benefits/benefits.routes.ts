/**
 * `GET /api/benefits`: the organization's published benefits (neither drafts nor archived, rule
 * `isPublished` of src/rules/content-status.ts), each with the lowest rank that holds it, texts in the request's
 * language, in display order. Visitors and members alike; operators write them at `/api/admin/benefits`.
 */
import { and, asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { BenefitListResponseSchema, type Benefit } from '../../../src/contracts/benefit';
import { benefits } from '../../db/schema';
import { sendData } from '../../lib/http';
import { documented } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv } from '../../lib/app-env';
import { statusCondition } from '../../kernel/content-status';
import { languageOf, localized } from '../../lib/localize';

/** Builds the benefits route group for one app. */
export function benefitRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
    '/',
    documented({
      summary: "The organization's published benefits, each with the lowest rank that holds it",
      tags: ['benefits'],
      auth: 'visitor-or-member',
      response: BenefitListResponseSchema,
    }),
    async (c) => {
      const { organization } = c.get('principal');
      const language = languageOf(c);
      const rows = await deps.db
        .select()
        .from(benefits)
        .where(
          and(
            eq(benefits.organizationId, organization.id),
            statusCondition({ archivedAt: benefits.archivedAt, draft: benefits.draft }, 'live', deps.clock()),
          ),
        )
        .orderBy(asc(benefits.sortOrder), asc(benefits.createdAt));
      const list: Benefit[] = rows.map((r) => ({
        id: r.id,
        rankCode: r.rankCode,
        ...localized({ title: r.title, description: r.description }, r.translations, language),
        mediaId: r.mediaId,
      }));
      return sendData(c, list);
    },
  );
}
