/**
 * Backups restore: whatever state the console can produce, the document `GET /api/admin/export`
 * gives imports back with `POST /api/admin/import`, into the same organization and into a fresh one, and the fresh
 * one exports the same document again. A property-based run (fast-check, fixed seed) applies random console
 * actions through the admin API (create, patch and delete videos, playlists, articles, stories, polls and
 * sweepstakes; fans watching, reading and answering, so that deleting archives) to a fresh organization each run.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentDocumentSchema, type ContentDocument } from '../../src/contracts/admin/content-document';
import { createOrganization } from '../../server/seed/factories';
import { createTestContext, type TestContext } from './helpers';

const OPERATOR = 'ops@roundtrip.example';
const HOUR = 3_600_000;
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { OPERATOR_EMAILS: OPERATOR } });
});
afterAll(async () => t.close());

type Organization = Awaited<ReturnType<typeof createOrganization>>;
/** A signed-in member of one organization. */
type Session = { organization: Organization; token: string };

/** A fresh organization with no content but its ranks. */
const freshOrganization = () => {
  const id = randomUUID().slice(0, 8);
  return createOrganization(t.db, { name: `Club ${id}`, publicKey: `pk_club_${id}` });
};

/** Signs `email` in to `organization` through the real endpoints. */
async function signInTo(organization: Organization, email: string): Promise<Session> {
  const as = { token: organization.publicKey, orgToken: organization.token };
  await t.request('POST', '/api/session/otp', { ...as, body: { email } });
  const res = await t.request('POST', '/api/session', { ...as, body: { email, code: t.lastCode(email) } });
  expect(res.status).toBe(200);
  return { organization, token: res.body.data.token };
}

const call = (session: Session, method: string, path: string, body?: unknown) =>
  t.request(method, path, { token: session.token, orgToken: session.organization.token, body });

/** Uploads a small PNG to the organization's library; returns its id. */
async function uploadImage(ops: Session): Promise<string> {
  const form = new FormData();
  const png = await sharp({ create: { width: 16, height: 9, channels: 3, background: '#0a6cff' } })
    .png()
    .toBuffer();
  form.append('file', new File([new Uint8Array(png)], 'cover.png'));
  const res = await t.app.request('/api/admin/media', {
    method: 'POST',
    headers: { authorization: `Bearer ${ops.token}`, 'x-org-token': ops.organization.token },
    body: form,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** The admin resources the actions write. */
type Kind = 'videos' | 'playlists' | 'articles' | 'stories' | 'challenges' | 'sweepstakes';

/** A valid create body of `kind`; `n` keeps slugs and keys apart, `videoIds` fills a playlist. */
function createBody(kind: Kind, n: number, image: string, videoIds: string[]): Record<string, unknown> {
  const iso = (ms: number) => new Date(t.clock().getTime() + ms).toISOString();
  switch (kind) {
    case 'videos':
      return {
        slug: `clip-${n}`,
        name: `Clip ${n}`,
        description: 'Onboard.',
        fileMediaId: null,
        externalUrl: `https://videos.example/${n}`,
        thumbnailMediaId: image,
        durationSeconds: 90,
        value: 15,
        publishedAt: iso(-HOUR),
        draft: false,
        sortOrder: n,
        translations: {},
      };
    case 'playlists':
      return { slug: `list-${n}`, name: `List ${n}`, description: 'Favourites.', videoIds, sortOrder: n, translations: {} };
    case 'articles':
      return {
        slug: `article-${n}`,
        title: `Article ${n}`,
        summary: 'Tyres.',
        bodyMarkdown: 'The **soft** tyre.',
        mediaId: image,
        value: 10,
        publishedAt: iso(-HOUR),
        draft: false,
        translations: {},
      };
    case 'stories':
      return {
        key: n % 2 ? `story-${n}` : null,
        title: `Story ${n}`,
        type: 'default',
        coverMediaId: image,
        startsAt: iso(-HOUR),
        stopsAt: iso(24 * HOUR),
        shareable: true,
        draft: false,
        sortOrder: n,
        translations: {},
        chapters: [
          {
            mediaId: image,
            title: 'Garage',
            caption: 'Where the car sleeps',
            sponsorUrl: null,
            durationSeconds: 5,
            value: 5,
            translations: {},
          },
        ],
      };
    case 'challenges':
      return {
        type: 'poll',
        subtype: 'poll',
        title: `Poll ${n}`,
        description: 'Vote.',
        mediaId: image,
        visibleFrom: iso(-HOUR),
        expiresOn: iso(24 * HOUR),
        options: [
          { text: 'Léa', points: 10 },
          { text: 'Marco', points: 10 },
        ],
        translations: {},
      };
    case 'sweepstakes':
      return {
        key: `draw-${n}`,
        title: `Draw ${n}`,
        prize: 'Two passes',
        startsAt: iso(-HOUR),
        endsAt: iso(48 * HOUR),
        entryCost: 50,
        maxEntriesPerUser: 3,
        winnerCount: 2,
        rules: 'One per household.',
        translations: {},
      };
  }
}

/** A patch of `kind` that changes a text field. */
const patchBody = (kind: Kind, n: number): Record<string, unknown> =>
  kind === 'videos' || kind === 'playlists' ? { name: `Renamed ${n}` } : { title: `Renamed ${n}` };

/** One console action; `at` picks an item among those created so far, `pick` a subset of videos. */
type Action =
  | { do: 'create'; kind: Kind }
  | { do: 'patch'; kind: Kind; at: number }
  | { do: 'delete'; kind: Kind; at: number }
  | { do: 'use'; kind: Kind; at: number }
  | { do: 'replaceVideos'; at: number; pick: number[] };

// Videos and playlists come up most, and items are picked among few, so that a playlist often holds a video that
// fans watched and an operator then deleted (archived).
const kind: fc.Arbitrary<Kind> = fc.oneof(
  { arbitrary: fc.constant('videos' as const), weight: 4 },
  { arbitrary: fc.constant('playlists' as const), weight: 3 },
  fc.constantFrom<Kind>('articles', 'stories', 'challenges', 'sweepstakes'),
);
const at = fc.nat(3);
const action: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.record({ do: fc.constant('create' as const), kind }), weight: 4 },
  fc.record({ do: fc.constant('patch' as const), kind, at }),
  { arbitrary: fc.record({ do: fc.constant('delete' as const), kind, at }), weight: 2 },
  { arbitrary: fc.record({ do: fc.constant('use' as const), kind, at }), weight: 2 },
  fc.record({ do: fc.constant('replaceVideos' as const), at, pick: fc.array(fc.nat(20), { maxLength: 4 }) }),
);

/** Applies `actions` to the organization of `ops`; every console answer is below 500. */
async function apply(actions: Action[], ops: Session, fan: Session, image: string) {
  const made: Record<Kind, string[]> = { videos: [], playlists: [], articles: [], stories: [], challenges: [], sweepstakes: [] };
  const pickFrom = (list: string[], i: number) => (list.length ? list[i % list.length] : null);
  const videoSubset = (pick: number[]) => [...new Set(pick.map((i) => pickFrom(made.videos, i)).filter((id): id is string => id !== null))];
  for (const [n, step] of actions.entries()) {
    if (step.do === 'create') {
      const res = await call(ops, 'POST', `/api/admin/${step.kind}`, createBody(step.kind, n, image, videoSubset([n, n + 1])));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      made[step.kind].push(res.body.data.id);
      continue;
    }
    if (step.do === 'replaceVideos') {
      const id = pickFrom(made.playlists, step.at);
      if (id)
        expect((await call(ops, 'PATCH', `/api/admin/playlists/${id}`, { videoIds: videoSubset(step.pick) })).status).toBeLessThan(500);
      continue;
    }
    const id = pickFrom(made[step.kind], step.at);
    if (!id) continue;
    if (step.do === 'patch')
      expect((await call(ops, 'PATCH', `/api/admin/${step.kind}/${id}`, patchBody(step.kind, n))).status).toBeLessThan(500);
    else if (step.do === 'delete') expect((await call(ops, 'DELETE', `/api/admin/${step.kind}/${id}`)).status).toBeLessThan(500);
    else await use(fan, step.kind, id);
  }
}

/** A fan earns from or answers the item (so deleting it archives it); an item fans cannot reach answers 404. */
async function use(fan: Session, kind: Kind, id: string) {
  let res;
  if (kind === 'videos') res = await call(fan, 'POST', `/api/content/videos/${id}/view`, {});
  else if (kind === 'articles') res = await call(fan, 'POST', `/api/content/articles/${id}/read`, {});
  else if (kind === 'challenges') res = await call(fan, 'POST', `/api/challenge/${id}`, { pool: { responseIndex: 0 } });
  else if (kind === 'stories') {
    const story = await call(fan, 'GET', `/api/content/stories/${id}`);
    if (story.status !== 200) return;
    res = await call(fan, 'POST', `/api/content/stories/${id}/chapter-view/${story.body.data.chapters[0].id}`, {});
  } else return;
  expect(res.status).toBeLessThan(500);
}

const exportOf = async (ops: Session) => {
  const res = await call(ops, 'GET', '/api/admin/export');
  expect(res.status).toBe(200);
  return ContentDocumentSchema.parse(res.body.data);
};
const withoutDate = ({ exportedAt: _, ...rest }: ContentDocument) => rest;

describe('export and import round-trip', () => {
  it('for any sequence of console actions, the export imports back in place and into a fresh organization, which exports the same document', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (actions) => {
        const source = await freshOrganization();
        const ops = await signInTo(source, OPERATOR);
        const fan = await signInTo(source, `fan-${randomUUID().slice(0, 8)}@example.com`);
        await apply(actions, ops, fan, await uploadImage(ops));

        const document = await exportOf(ops);
        const inPlace = await call(ops, 'POST', '/api/admin/import', document);
        expect(inPlace.status, JSON.stringify(inPlace.body)).toBe(200);
        expect(withoutDate(await exportOf(ops))).toEqual(withoutDate(document));

        const target = await signInTo(await freshOrganization(), OPERATOR);
        const restored = await call(target, 'POST', '/api/admin/import', document);
        expect(restored.status, JSON.stringify(restored.body)).toBe(200);
        expect(withoutDate(await exportOf(target))).toEqual(withoutDate(document));
      }),
      {
        seed: 20261127,
        numRuns: 15,
        endOnFailure: true,
        // The backup that failed to restore: a playlist holding a watched video the operator then deleted.
        examples: [
          [
            [
              { do: 'create', kind: 'videos' },
              { do: 'use', kind: 'videos', at: 0 },
              { do: 'create', kind: 'playlists' },
              { do: 'delete', kind: 'videos', at: 0 },
              { do: 'delete', kind: 'videos', at: 0 },
            ],
          ],
        ],
      },
    );
  }, 120_000);
});
