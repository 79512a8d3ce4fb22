/**
 * The admin API for the program's settings and rewards: organization settings (seen by fans on their next
 * request, in French too; `/config.json` and the web app manifest follow them), ranks, sweepstakes, activations with
 * badges, benefits, carousel cards, consents and members' roles. Each: CRUD, validation (422 naming the field,
 * nothing saved), audit rows, archive instead of delete once members used it; fans see only published items.
 */
import sharp from 'sharp';
import { and, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminActivationListResponseSchema, AdminActivationResponseSchema } from '../../src/contracts/admin/activation';
import { AdminBenefitListResponseSchema, AdminBenefitResponseSchema } from '../../src/contracts/admin/benefit';
import { AdminCarouselCardListResponseSchema, AdminCarouselCardResponseSchema } from '../../src/contracts/admin/carousel-card';
import { AdminConsentListResponseSchema, AdminConsentResponseSchema } from '../../src/contracts/admin/consent';
import { AdminMemberListResponseSchema, AdminMemberResponseSchema } from '../../src/contracts/admin/member';
import { AdminRankListResponseSchema, AdminRankResponseSchema } from '../../src/contracts/admin/rank';
import { AdminOrganizationResponseSchema } from '../../src/contracts/admin/organization';
import { AdminSweepstakeListResponseSchema, AdminSweepstakeResponseSchema } from '../../src/contracts/admin/sweepstake';
import { BenefitListResponseSchema } from '../../src/contracts/benefit';
import { CarouselCardListResponseSchema } from '../../src/contracts/carousel';
import { FanCarsPageResponseSchema } from '../../src/contracts/cars';
import { OrganizationResponseSchema } from '../../src/contracts/organization';
import { auditLog, benefits, carouselCards, organizations, sweepstakes, users } from '../../server/db/schema';
import { createTestContext, type TestContext } from './helpers';

const OPERATOR = 'ops@alpine-racing.example';
const HOUR = 60 * 60 * 1000;
let t: TestContext;
let ops: string;
beforeAll(async () => {
  t = await createTestContext({ env: { OPERATOR_EMAILS: OPERATOR } });
  ops = await t.signIn(OPERATOR);
});
afterAll(async () => t.close());

const admin = (method: string, path: string, body?: unknown) => t.request(method, `/api/admin${path}`, { token: ops, body });
const paths = (res: { body: { error?: { details?: Array<{ path: string }> } } }) => (res.body.error?.details ?? []).map((d) => d.path);
/** The operators' audit entries of `entity` (the demo seed's own import entries left out), oldest first. */
const auditRows = async (entity: string, entityId?: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), ne(auditLog.actorEmail, 'demo seed'), ...(entityId ? [eq(auditLog.entityId, entityId)] : [])))
    .orderBy(auditLog.createdAt);
const iso = (offsetMs: number) => new Date(t.clock().getTime() + offsetMs).toISOString();

describe('organization settings', () => {
  it('reads the seeded settings, including the check-in ladder, the internal domains and the cars page', async () => {
    const res = await admin('GET', '/organization');
    expect(res.status).toBe(200);
    const org = AdminOrganizationResponseSchema.parse(res.body).data;
    expect(org).toMatchObject({
      name: 'Alpine Racing',
      shortName: 'Alpine',
      brandColor: '#0055A4',
      timeZone: 'Europe/Paris',
      defaultLanguage: 'en',
    });
    expect(org.internalEmailDomains).toEqual(['alpine-racing.example', 'podium.example']);
    expect(org.checkinRewards.map((r) => r.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(org.carsPage?.cars.map((c) => c.id)).toEqual(['ar27', 'a110', 'a110s', 'a290']);
  });

  it('refuses bad settings with 422 naming each field, and saves nothing', async () => {
    const bad = await admin('PATCH', '/organization', {
      brandColor: 'blue',
      timeZone: 'Europe/Atlantis',
      defaultLanguage: 'de',
      internalEmailDomains: ['not a domain'],
    });
    expect(bad.status).toBe(422);
    expect(paths(bad)).toEqual(['brandColor', 'timeZone', 'defaultLanguage', 'internalEmailDomains.0']);
    // The ladder rule (src/rules/checkin.ts): days 1..n in order, points >= 0.
    const gap = await admin('PATCH', '/organization', {
      checkinRewards: [
        { day: 1, points: 10 },
        { day: 3, points: 5 },
        { day: 4, points: -1 },
      ],
    });
    expect(gap.status).toBe(422);
    expect(paths(gap)).toEqual(['checkinRewards.1', 'checkinRewards.2', 'checkinRewards.2']);
    expect((await admin('PATCH', '/organization', { checkinRewards: [] })).status).toBe(422);
    const [row] = await t.db.select().from(organizations).where(eq(organizations.id, t.organization.id));
    expect(row.brandColor).toBe('#0055A4');
    expect(row.checkinRewards).toHaveLength(7);
    expect(await auditRows('organization')).toEqual([]);
  });

  it('a PATCH is what fans get on their very next request, in French too, with /config.json and the manifest', async () => {
    const fan = await t.signIn();
    const before = OrganizationResponseSchema.parse((await t.request('GET', '/api/organization/current', { token: fan })).body).data;
    expect(before.name).toBe('Alpine Racing');

    const res = await admin('PATCH', '/organization', {
      name: 'Blue Comets',
      shortName: 'Comets',
      brandColor: '#123abc',
      timeZone: 'America/New_York',
      internalEmailDomains: ['Comets.Example'],
      checkinRewards: [
        { day: 1, points: 5 },
        { day: 2, points: 50 },
      ],
      translations: { fr: { name: 'Comètes Bleues', shortName: 'Comètes' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Blue Comets', internalEmailDomains: ['comets.example'] });

    const en = OrganizationResponseSchema.parse((await t.request('GET', '/api/organization/current', { token: fan })).body).data;
    expect(en).toMatchObject({ name: 'Blue Comets', shortName: 'Comets', brandColor: '#123abc', timeZone: 'America/New_York' });
    const fr = OrganizationResponseSchema.parse(
      (await t.request('GET', '/api/organization/current', { token: fan, headers: { 'accept-language': 'fr-FR' } })).body,
    ).data;
    expect(fr).toMatchObject({ name: 'Comètes Bleues', shortName: 'Comètes' });
    const visitor = (await t.request('GET', '/api/organization/current')).body.data;
    expect(visitor.name).toBe('Blue Comets');
    const checkin = (await t.request('GET', '/api/checkin', { token: fan })).body.data;
    expect(checkin.rewards).toEqual([
      { day: 1, points: 5 },
      { day: 2, points: 50 },
    ]);

    const config = await t.request('GET', '/config.json', { token: null });
    expect(config.body.internalEmailDomains).toEqual(['comets.example']);

    const manifest = await t.request('GET', '/manifest.webmanifest', { token: null });
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    expect(manifest.body).toMatchObject({ name: 'Blue Comets', short_name: 'Comets', theme_color: '#123abc', start_url: '/dashboard' });
    // The icons are PNGs the server makes from the organization's logo, at the sizes they announce.
    const icons = manifest.body.icons as Array<{ src: string; sizes: string; type: string; purpose: string }>;
    expect(icons.map((i) => [i.sizes, i.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    for (const icon of icons) {
      const res = await t.app.request(icon.src);
      expect(res.headers.get('content-type')).toBe('image/png');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
    // iOS takes its home-screen icon from the page's apple-touch-icon, and the tab its favicon: made from the logo too.
    for (const [file, size] of [
      ['apple-touch-icon-180.png', 180],
      ['favicon-48.png', 48],
    ] as const) {
      const res = await t.app.request(`/manifest-icons/${file}`);
      expect(res.headers.get('content-type')).toBe('image/png');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(`${size}x${size}`);
    }
    const manifestFr = await t.request('GET', '/manifest.webmanifest', { token: null, headers: { 'accept-language': 'fr' } });
    expect(manifestFr.body).toMatchObject({ name: 'Comètes Bleues', short_name: 'Comètes', lang: 'fr' });

    const [entry] = await auditRows('organization');
    expect(entry).toMatchObject({ action: 'update', actorEmail: OPERATOR, entityId: t.organization.id });
    expect(entry.before).toMatchObject({ name: 'Alpine Racing', brandColor: '#0055A4' });
    expect(entry.after).toMatchObject({ name: 'Blue Comets', brandColor: '#123abc' });
    expect(Object.keys(entry.after ?? {})).not.toContain('defaultLanguage');

    await admin('PATCH', '/organization', {
      name: 'Alpine Racing',
      shortName: 'Alpine',
      brandColor: '#0055A4',
      timeZone: 'Europe/Paris',
      internalEmailDomains: ['alpine-racing.example', 'podium.example'],
      checkinRewards: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, points: day === 3 ? 25 : day === 7 ? 100 : 10 })),
      translations: { fr: { name: 'Alpine Racing', shortName: 'Alpine' } },
    });
  });

  it('the cars page is read from the settings in English and French, and an operator can change it', async () => {
    const en = FanCarsPageResponseSchema.parse((await t.request('GET', '/api/cars')).body).data!;
    expect(en.cars[0]).toMatchObject({ id: 'ar27', name: 'AR27' });
    expect(en.cars[0].specs[0]).toEqual({ label: 'engine', value: '1.6 L V6 turbo hybrid' });
    const fr = FanCarsPageResponseSchema.parse((await t.request('GET', '/api/cars', { headers: { 'accept-language': 'fr' } })).body).data!;
    expect(fr.raceTitle).toBe('Voiture de course');
    expect(fr.cars[0].specs[0].value).toBe('V6 1,6 L turbo hybride');
    expect(fr.cars[0].specs[1].value).toBe(1000);

    const { carsPage } = (await admin('GET', '/organization')).body.data;
    const bad = await admin('PATCH', '/organization', {
      carsPage: { ...carsPage, cars: [{ ...carsPage.cars[0], specs: [{ label: 'power', value: 'a lot' }] }], translations: {} },
    });
    expect(bad.status).toBe(422);
    expect(paths(bad)).toEqual(['carsPage.cars.0.specs.0.value']);
    const ok = await admin('PATCH', '/organization', { carsPage: { ...carsPage, intro: 'Our cars.' } });
    expect(ok.status).toBe(200);
    expect((await t.request('GET', '/api/cars')).body.data.intro).toBe('Our cars.');
  });
});

describe('ranks', () => {
  it('lists P10..P1, renames a rank in English and French, and fans see the French title', async () => {
    const list = await admin('GET', '/ranks');
    expect(list.body.data.map((r: { code: string }) => r.code)).toEqual(['P10', 'P9', 'P8', 'P7', 'P6', 'P5', 'P4', 'P3', 'P2', 'P1']);
    expect(list.body.data[0].translations.fr.title).toBe('Débutant');
    const res = await admin('PATCH', '/ranks/P9', {
      title: 'Go-kart Hero',
      threshold: 150,
      translations: { fr: { title: 'Héros du kart' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ code: 'P9', title: 'Go-kart Hero', threshold: 150 });
    const fr = (await t.request('GET', '/api/organization/current', { headers: { 'accept-language': 'fr' } })).body.data;
    expect(fr.ranks[1]).toEqual({ name: 'P9', title: 'Héros du kart', threshold: 150 });
    expect(fr.ranks[0].title).toBe('Débutant');
    const en = (await t.request('GET', '/api/organization/current')).body.data;
    expect(en.ranks[1].title).toBe('Go-kart Hero');
    const [entry] = await auditRows('ranks', 'P9');
    expect(entry).toMatchObject({
      action: 'update',
      before: { title: 'Karting Ace', threshold: 100 },
      after: { title: 'Go-kart Hero', threshold: 150 },
    });
  });

  it('keeps thresholds strictly increasing from P10 (0) to P1', async () => {
    const above = await admin('PATCH', '/ranks/P8', { threshold: 600 });
    expect(above.status).toBe(422);
    expect(paths(above)).toEqual(['threshold']);
    expect((await admin('PATCH', '/ranks/P10', { threshold: 5 })).status).toBe(422);
    expect((await admin('PATCH', '/ranks/P8', { threshold: 150 })).status).toBe(422);
    expect((await admin('PATCH', '/ranks/P0', { title: 'x' })).status).toBe(404);
    expect((await admin('PATCH', '/ranks/P8', { title: '' })).status).toBe(422);
    const ranks = (await admin('GET', '/ranks')).body.data;
    expect(ranks.find((r: { code: string }) => r.code === 'P8').threshold).toBe(250);
  });
});

describe('sweepstakes', () => {
  const body = () => ({
    key: 'paddock-2027',
    title: 'Win a paddock visit',
    prize: 'Two paddock passes',
    startsAt: iso(-HOUR),
    endsAt: iso(48 * HOUR),
    entryCost: 50,
    maxEntriesPerUser: 3,
    winnerCount: 2,
    rules: 'One winner per household.',
    translations: { fr: { title: 'Gagnez une visite du paddock', prize: 'Deux pass paddock', rules: 'Un gagnant par foyer.' } },
  });

  it('refuses bad sweepstakes naming the field, and saves nothing', async () => {
    const res = await admin('POST', '/sweepstakes', {
      ...body(),
      endsAt: iso(-2 * HOUR),
      entryCost: 0,
      maxEntriesPerUser: 0,
      winnerCount: 0,
    });
    expect(res.status).toBe(422);
    expect(paths(res)).toEqual(expect.arrayContaining(['entryCost', 'maxEntriesPerUser', 'winnerCount']));
    const dates = await admin('POST', '/sweepstakes', { ...body(), endsAt: iso(-2 * HOUR) });
    expect(paths(dates)).toEqual(['endsAt']);
    expect((await t.db.select().from(sweepstakes).where(eq(sweepstakes.key, 'paddock-2027'))).length).toBe(0);
  });

  it('creates a draft fans cannot see, publishes it in French, and archives it once a member entered', async () => {
    const created = await admin('POST', '/sweepstakes', { ...body(), draft: true });
    expect(created.status).toBe(201);
    const item = AdminSweepstakeResponseSchema.parse(created.body).data;
    expect(item).toMatchObject({ status: 'draft', winnerCount: 2, rules: 'One winner per household.' });
    const fan = await t.signIn();
    const listed = async (language = 'en') =>
      (
        (await t.request('GET', '/api/sweepstake', { token: fan, headers: { 'accept-language': language } })).body.data as Array<{
          sweepstakeId: string;
          title: string;
        }>
      ).find((s) => s.sweepstakeId === item.id);
    expect(await listed()).toBeUndefined();
    expect((await t.request('GET', `/api/sweepstake/${item.id}`, { token: fan })).status).toBe(404);

    expect((await admin('PATCH', `/sweepstakes/${item.id}`, { draft: false })).body.data.status).toBe('live');
    expect((await listed('fr'))?.title).toBe('Gagnez une visite du paddock');
    expect((await admin('PATCH', `/sweepstakes/${item.id}`, { endsAt: iso(-2 * HOUR) })).status).toBe(422);

    await t.db
      .update(users)
      .set({ points: 500, lifetimePoints: 500 })
      .where(eq(users.email, (await t.request('GET', '/api/user/me', { token: fan })).body.data.email));
    const entry = await t.request('POST', `/api/sweepstake/${item.id}/entry`, {
      token: fan,
      body: { count: 1 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(entry.status).toBe(201);
    const deleted = await admin('DELETE', `/sweepstakes/${item.id}`);
    expect(deleted.body.data).toEqual({ id: item.id, archived: true });
    expect(await listed()).toBeUndefined();
    expect((await admin('GET', `/sweepstakes/${item.id}`)).body.data.status).toBe('archived');
    expect((await auditRows('sweepstakes', item.id)).map((r) => r.action)).toEqual(['create', 'update', 'archive']);

    const unused = await admin('POST', '/sweepstakes', { ...body(), key: 'unused' });
    expect((await admin('DELETE', `/sweepstakes/${unused.body.data.id}`)).body.data.archived).toBe(false);
    expect((await admin('GET', `/sweepstakes/${unused.body.data.id}`)).status).toBe(404);
  });
});

describe('activations and their badges', () => {
  it('writes badges with the activation, keeps their ids on edit, and archives an activation someone activated', async () => {
    const res = await admin('POST', '/activations', {
      slug: 'launch-night',
      title: 'Launch night',
      startsAt: iso(-HOUR),
      value: 30,
      translations: { fr: { title: 'Soirée de lancement' } },
      badges: [
        { slug: 'launch-2027', name: 'Launch 2027', translations: { fr: { name: 'Lancement 2027' } } },
        { slug: 'early-bird', name: 'Early bird' },
      ],
    });
    expect(res.status).toBe(201);
    const created = AdminActivationResponseSchema.parse(res.body).data;
    expect(created.badges.map((b) => b.slug)).toEqual(['early-bird', 'launch-2027']);
    const launch = created.badges.find((b) => b.slug === 'launch-2027')!;

    const dup = await admin('PATCH', `/activations/${created.id}`, {
      badges: [
        { slug: 'same', name: 'A' },
        { slug: 'same', name: 'B' },
      ],
    });
    expect(dup.status).toBe(422);
    expect(paths(dup)).toEqual(['badges.1.slug']);
    const dates = await admin('PATCH', `/activations/${created.id}`, { stopsAt: iso(-2 * HOUR) });
    expect(paths(dates)).toEqual(['stopsAt']);

    const edited = await admin('PATCH', `/activations/${created.id}`, { badges: [{ ...launch, name: 'Launch night 2027' }] });
    expect(edited.status).toBe(200);
    expect(edited.body.data.badges).toEqual([expect.objectContaining({ id: launch.id, name: 'Launch night 2027' })]);

    const fan = await t.signIn();
    const fr = (await t.request('GET', '/api/activations/list', { token: fan, headers: { 'accept-language': 'fr' } })).body.data;
    expect(fr.find((a: { id: string }) => a.id === created.id)).toMatchObject({
      title: 'Soirée de lancement',
      badges: [{ id: launch.id, name: 'Lancement 2027' }],
    });
    const activated = await t.request('POST', '/api/activations/activate-user', {
      token: fan,
      body: { slug: 'launch-night' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(activated.status).toBe(201);

    const dropHeld = await admin('PATCH', `/activations/${created.id}`, { badges: [] });
    expect(dropHeld.status).toBe(422);
    expect(paths(dropHeld)).toEqual(['badges']);
    expect((await admin('DELETE', `/activations/${created.id}`)).body.data.archived).toBe(true);
    const after = (await t.request('GET', '/api/activations/list', { token: fan })).body.data;
    expect(after.find((a: { id: string }) => a.id === created.id)).toBeUndefined();
  });

  it('hides a draft activation from fans', async () => {
    const res = await admin('POST', '/activations', { slug: 'secret', title: 'Secret', startsAt: iso(-HOUR), draft: true });
    expect(res.body.data.status).toBe('draft');
    const list = (await t.request('GET', '/api/activations/list')).body.data;
    expect(list.map((a: { slug: string }) => a.slug)).not.toContain('secret');
  });
});

describe('benefits', () => {
  it('fans read the seeded benefits by rank from the database, in English and French', async () => {
    const en = BenefitListResponseSchema.parse((await t.request('GET', '/api/benefits')).body).data;
    expect(en).toHaveLength(16);
    expect(en[0]).toMatchObject({ rankCode: 'P10', title: 'Member card in the app' });
    const fr = BenefitListResponseSchema.parse(
      (await t.request('GET', '/api/benefits', { headers: { 'accept-language': 'fr' } })).body,
    ).data;
    expect(fr.at(-1)).toMatchObject({ rankCode: 'P1', title: 'Tous les avantages précédents' });
  });

  it('creates, validates, hides drafts and deletes a benefit, with its audit rows', async () => {
    const bad = await admin('POST', '/benefits', { rankCode: 'P11', title: ' ' });
    expect(bad.status).toBe(422);
    expect(paths(bad)).toEqual(expect.arrayContaining(['rankCode', 'title']));
    const created = await admin('POST', '/benefits', {
      key: 'lounge',
      rankCode: 'P2',
      title: 'Lounge access',
      draft: true,
      sortOrder: 100,
      translations: { fr: { title: 'Accès au salon' } },
    });
    expect(created.status).toBe(201);
    const titles = async (language = 'en') =>
      ((await t.request('GET', '/api/benefits', { headers: { 'accept-language': language } })).body.data as Array<{ title: string }>).map(
        (b) => b.title,
      );
    expect(await titles()).not.toContain('Lounge access');
    await admin('PATCH', `/benefits/${created.body.data.id}`, { draft: false });
    expect((await titles('fr')).at(-1)).toBe('Accès au salon');
    expect((await admin('POST', '/benefits', { key: 'lounge', rankCode: 'P2', title: 'Again' })).status).toBe(409);
    expect((await admin('GET', '/benefits?q=lounge')).body.meta.total).toBe(1);
    expect((await admin('DELETE', `/benefits/${created.body.data.id}`)).body.data.archived).toBe(false);
    expect((await t.db.select({ n: count() }).from(benefits).where(eq(benefits.key, 'lounge')))[0].n).toBe(0);
    expect((await auditRows('benefits', created.body.data.id)).map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });
});

describe('carousel cards', () => {
  it('fans read the five seeded cards from the database, with illustrations, in English and French', async () => {
    const en = CarouselCardListResponseSchema.parse((await t.request('GET', '/api/carousel')).body).data;
    expect(en.map((c) => c.id)).toEqual(['follow-the-action', 'unlock-rewards', 'win-win-win', 'latest-styles', 'discover-alpine']);
    expect(en.map((c) => c.url)).toEqual(['/media', '/benefits', '/contests', 'https://store.example.com/alpine-racing', '/cars']);
    expect(en.filter((c) => c.underageGate).map((c) => c.id)).toEqual(['unlock-rewards', 'win-win-win', 'latest-styles']);
    expect(en[3]).toMatchObject({
      title: 'Latest styles',
      url: 'https://store.example.com/alpine-racing',
      isAd: true,
      underageGate: true,
      icon: 'shirt',
    });
    const image = await t.request('GET', `/api/media/${en[0].mediaId}`, { token: null });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const fr = CarouselCardListResponseSchema.parse(
      (await t.request('GET', '/api/carousel', { headers: { 'accept-language': 'fr' } })).body,
    ).data;
    expect(fr[0]).toMatchObject({ title: "Vivez l'action", cta: 'Regarder' });
  });

  it('validates cards, shows only live ones to fans, and dismissals still work', async () => {
    const bad = await admin('POST', '/carousel-cards', {
      key: 'bad key',
      title: 'x',
      url: 'http://insecure.example',
      points: -1,
      startsAt: iso(HOUR),
      stopsAt: iso(0),
    });
    expect(bad.status).toBe(422);
    expect(paths(bad)).toEqual(expect.arrayContaining(['key', 'url', 'points']));
    const order = await admin('POST', '/carousel-cards', {
      key: 'later',
      title: 'Later',
      url: '/contests',
      startsAt: iso(HOUR),
      stopsAt: iso(0),
    });
    expect(paths(order)).toEqual(['stopsAt']);

    const scheduled = await admin('POST', '/carousel-cards', {
      key: 'season-pass',
      title: 'Season pass',
      url: '/contests',
      startsAt: iso(HOUR),
      sortOrder: 10,
    });
    expect(scheduled.body.data.status).toBe('scheduled');
    const ids = async () => ((await t.request('GET', '/api/carousel')).body.data as Array<{ id: string }>).map((c) => c.id);
    expect(await ids()).not.toContain('season-pass');
    t.clock.advance(2 * HOUR);
    expect((await ids()).at(-1)).toBe('season-pass');

    const fan = await t.signIn();
    const dismissed = await t.request('DELETE', '/api/carousel/season-pass', {
      token: fan,
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(dismissed.status).toBe(200);
    expect((await t.request('GET', '/api/carousel/dismissed', { token: fan })).body.data[0].cardId).toBe('season-pass');

    await admin('DELETE', `/carousel-cards/${scheduled.body.data.id}`);
    expect(await ids()).not.toContain('season-pass');
    expect((await t.db.select().from(carouselCards).where(eq(carouselCards.key, 'season-pass'))).length).toBe(0);
  });
});

describe('consents', () => {
  it('creates a consent fans are offered, and archives instead of deleting once a member answered', async () => {
    const bad = await admin('POST', '/consents', { key: '', name: '' });
    expect(bad.status).toBe(422);
    expect(paths(bad)).toEqual(expect.arrayContaining(['key', 'name']));
    const created = await admin('POST', '/consents', {
      key: 'sms',
      name: 'Text messages',
      sortOrder: 9,
      translations: { fr: { name: 'SMS' } },
    });
    expect(created.status).toBe(201);
    const fan = await t.signIn();
    const offered = async (language = 'en') =>
      (await t.request('GET', '/api/consent/user', { token: fan, headers: { 'accept-language': language } })).body.data as Array<{
        id: string;
        name: string;
      }>;
    expect((await offered('fr')).find((c) => c.id === 'sms')?.name).toBe('SMS');
    const answer = await t.request('PATCH', '/api/consent/user/sms', {
      token: fan,
      body: { consentId: 'sms', value: 1 },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(answer.status).toBe(200);
    expect((await admin('DELETE', `/consents/${created.body.data.id}`)).body.data).toEqual({ id: created.body.data.id, archived: true });
    expect((await offered()).map((c) => c.id)).not.toContain('sms');
    expect((await admin('GET', '/consents?status=archived')).body.data.map((c: { key: string }) => c.key)).toEqual(['sms']);
  });
});

describe('members and the operator role', () => {
  it('lists and searches members, grants and revokes the role (audited), and a revoked operator is refused next', async () => {
    const email = `helper-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const helper = await t.signIn(email);
    const found = await admin('GET', `/members?q=${email.slice(0, 12)}`);
    expect(found.status).toBe(200);
    expect(found.body.meta.total).toBe(1);
    const member = found.body.data[0];
    expect(member).toMatchObject({ email, role: 'member', rank: 'P10' });
    expect((await admin('GET', `/members/${member.id}`)).body.data.email).toBe(email);
    expect((await admin('GET', '/members/not-an-id')).status).toBe(404);
    expect((await admin('POST', `/members/${member.id}/role`, { role: 'king' })).status).toBe(422);

    expect((await t.request('GET', '/api/admin/ranks', { token: helper })).status).toBe(403);
    const granted = await admin('POST', `/members/${member.id}/role`, { role: 'operator' });
    expect(granted.body.data.role).toBe('operator');
    expect((await t.request('GET', '/api/admin/ranks', { token: helper })).status).toBe(200);
    expect((await admin('GET', '/members?role=operator')).body.data.map((m: { email: string }) => m.email)).toContain(email);

    const revoked = await admin('POST', `/members/${member.id}/role`, { role: 'member' });
    expect(revoked.body.data.role).toBe('member');
    expect((await t.request('GET', '/api/admin/ranks', { token: helper })).status).toBe(403);
    expect((await auditRows('members', member.id)).map((r) => [r.action, r.before, r.after])).toEqual([
      ['grant', { role: 'member' }, { role: 'operator' }],
      ['revoke', { role: 'operator' }, { role: 'member' }],
    ]);
  });

  it('the last operator cannot revoke their own role (409)', async () => {
    const me = (await t.request('GET', '/api/user/me', { token: ops })).body.data;
    const res = await admin('POST', `/members/${me.userId}/role`, { role: 'member' });
    expect(res.status).toBe(409);
    expect((await t.request('GET', '/api/admin/ranks', { token: ops })).status).toBe(200);
  });
});

describe('admin answers match their shared contracts', () => {
  it('lists and items of every resource parse with the contracts the console uses', async () => {
    const get = async (path: string) => {
      const res = await admin('GET', path);
      expect(res.status, path).toBe(200);
      return res.body;
    };
    AdminRankListResponseSchema.parse(await get('/ranks'));
    const pairs = [
      ['/sweepstakes', AdminSweepstakeListResponseSchema, AdminSweepstakeResponseSchema],
      ['/activations', AdminActivationListResponseSchema, AdminActivationResponseSchema],
      ['/benefits', AdminBenefitListResponseSchema, AdminBenefitResponseSchema],
      ['/carousel-cards', AdminCarouselCardListResponseSchema, AdminCarouselCardResponseSchema],
      ['/consents', AdminConsentListResponseSchema, AdminConsentResponseSchema],
      ['/members', AdminMemberListResponseSchema, AdminMemberResponseSchema],
    ] as const;
    for (const [path, listSchema, itemSchema] of pairs) {
      const list = listSchema.parse(await get(`${path}?pageSize=2`));
      expect(list.data.length, path).toBeGreaterThan(0);
      expect(list.meta.pageSize).toBe(2);
      itemSchema.parse(await get(`${path}/${list.data[0].id}`));
    }
    const rank = await admin('PATCH', '/ranks/P1', { title: 'World Champion' });
    expect(AdminRankResponseSchema.parse(rank.body).data.code).toBe('P1');
  });
});
