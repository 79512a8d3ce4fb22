/**
 * CSV files the server writes cannot run formulas in a spreadsheet (OWASP CSV injection, `src/rules/csv-cell.ts`):
 * challenges and stories whose operators wrote titles such as `=HYPERLINK(...)` or `+cmd|' /C calc'!A0` are
 * exported by `GET /api/admin/figures.csv` with each such title prefixed by `'`, while the counts stay numbers.
 */
import { randomUUID } from 'node:crypto';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeResponses, stories, storyChapters, storyChapterViews, users } from '../../server/db/schema';
import { createChallenges } from '../../server/seed/factories';
import { createTestContext, type TestContext } from './helpers';

const OPERATOR = 'ops@alpine-racing.example';
/** Titles a spreadsheet would run as formulas, one per character OWASP names. */
const FORMULA_TITLES = ['=HYPERLINK("https://evil.example","Prize")', "+cmd|' /C calc'!A0", '-2+3+cmd|x', '@SUM(1+1)', '\t=1+1', '\r=1+1'];

let t: TestContext;
let ops: string;
beforeAll(async () => {
  t = await createTestContext({ env: { OPERATOR_EMAILS: OPERATOR } });
  // Midday in the organization's time zone (Europe/Paris), so that an hour ago is still "today" whenever the suite runs.
  t.clock.set(`${t.clock().toISOString().slice(0, 10)}T11:00:00Z`);
  ops = await t.signIn(OPERATOR);
  const org = t.organization.id;
  const anHourAgo = new Date(t.clock().getTime() - 3_600_000);
  const [fan] = await t.db
    .insert(users)
    .values({ organizationId: org, email: `${randomUUID()}@example.com` })
    .returning({ id: users.id });

  const created = await createChallenges(
    t.db,
    org,
    FORMULA_TITLES.map((title) => ({
      type: 'poll' as const,
      subtype: 'poll' as const,
      title,
      visibleFrom: new Date('2026-01-01T00:00:00Z'),
      options: [{ text: 'A', points: 5 }],
    })),
  );
  await t.db
    .insert(challengeResponses)
    .values(created.map((c) => ({ challengeId: c.id, userId: fan.id, responseIndex: 0, answeredAt: anHourAgo })));

  for (const title of FORMULA_TITLES) {
    const [story] = await t.db
      .insert(stories)
      .values({ organizationId: org, title, coverMediaId: randomUUID(), startsAt: new Date('2026-01-01T00:00:00Z') })
      .returning();
    const [chapter] = await t.db.insert(storyChapters).values({ storyId: story.id, orderIndex: 0, mediaId: randomUUID() }).returning();
    await t.db
      .insert(storyChapterViews)
      .values({ storyId: story.id, chapterId: chapter.id, userId: fan.id, pointsAwarded: 1, createdAt: anHourAgo });
  }
});
afterAll(async () => t?.close());

/** The CSV file of `figure` today, as rows of cells (the header first). */
async function csvOf(figure: string): Promise<string[][]> {
  const res = await t.request('GET', `/api/admin/figures.csv?period=today&figure=${figure}`, { token: ops });
  expect(res.status).toBe(200);
  return Papa.parse<string[]>(res.text, { newline: '\r\n', skipEmptyLines: true }).data;
}

describe('GET /api/admin/figures.csv writes no cell a spreadsheet runs', () => {
  it.each([
    ['challenges', 4],
    ['stories', 3],
  ])('%s: every title starting like a formula is prefixed with a quote, the counts stay numbers', async (figure, numberColumn) => {
    const [header, ...rows] = await csvOf(figure);
    expect(header[1]).toBe('title');
    const titles = rows.map((row) => row[1]);
    expect(titles).toEqual(expect.arrayContaining(FORMULA_TITLES.map((title) => `'${title}`)));
    for (const title of titles) expect(title).not.toMatch(/^[=+\-@\t\r]/);
    const formulaRows = rows.filter((row) => FORMULA_TITLES.includes(row[1].slice(1)));
    expect(formulaRows).toHaveLength(FORMULA_TITLES.length);
    for (const row of formulaRows) expect(row[numberColumn]).toBe('1');
  });
});
