/**
 * Benefits (spec §3): what each rank unlocks. Fans see the published ones (neither drafts nor archived, rule
 * `isPublished` of `src/rules/content-status.ts`), each with the lowest rank that holds it.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Benefit } from '../../../src/contracts/benefit';
import { benefits } from '../../db/schema';
import { statusCondition } from '../../kernel/content-status';
import type { AppDeps } from '../../kernel/types';
import { localized, type ContentLanguage } from '../../lib/localize';

/** The published benefits of `organizationId`, texts in `language`, in display order (`sortOrder`, then creation). */
export async function publishedBenefits(deps: AppDeps, organizationId: string, language: ContentLanguage): Promise<Benefit[]> {
  const rows = await deps.db
    .select()
    .from(benefits)
    .where(
      and(
        eq(benefits.organizationId, organizationId),
        statusCondition({ archivedAt: benefits.archivedAt, draft: benefits.draft }, 'live', deps.clock()),
      ),
    )
    .orderBy(asc(benefits.sortOrder), asc(benefits.createdAt));
  return rows.map((r) => ({
    id: r.id,
    rankCode: r.rankCode,
    ...localized({ title: r.title, description: r.description }, r.translations, language),
    mediaId: r.mediaId,
  }));
}
