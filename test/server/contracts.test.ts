/**
 * Contract conformance: the PWA types API answers with the shared zod contracts instead of parsing them at run
 * time, so this file walks a member through every call the PWA makes
 * and parses each answer with its contract schema, in English and in French. A server change that breaks the
 * wire format fails here, not on a fan's phone.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ActivateUserResponseSchema, ActivationDetailResponseSchema, ActivationListResponseSchema } from '../../src/contracts/activation';
import { CarouselDismissalListResponseSchema, CarouselDismissalResponseSchema } from '../../src/contracts/carousel';
import {
  ChallengeHistoryResponseSchema,
  ChallengeListResponseSchema,
  ChallengeResponseSchema,
  ChallengeSubmissionResponseSchema,
} from '../../src/contracts/challenge';
import { CheckinResultResponseSchema, CheckinStatusResponseSchema } from '../../src/contracts/checkin';
import { ConsentListResponseSchema, ConsentResponseSchema, UserIdentifyResponseSchema } from '../../src/contracts/consent';
import { RuntimeConfigSchema } from '../../src/contracts/config';
import { CHALLENGE_SUBTYPES } from '../../src/contracts/constants';
import {
  ArticleListResponseSchema,
  ArticleResponseSchema,
  ChapterViewResponseSchema,
  ContentAwardResponseSchema,
  DownloadListResponseSchema,
  StoryListResponseSchema,
  StoryResponseSchema,
  VideoListResponseSchema,
} from '../../src/contracts/content';
import { MediaUploadResponseSchema, SetAvatarResponseSchema } from '../../src/contracts/media';
import { OrganizationResponseSchema } from '../../src/contracts/organization';
import { OtpResponseSchema } from '../../src/contracts/session';
import { SweepstakeEntryResponseSchema, SweepstakeListResponseSchema, SweepstakeResponseSchema } from '../../src/contracts/sweepstake';
import { TransactionListResponseSchema, UserResponseSchema } from '../../src/contracts/user';
import { activations, badges } from '../../server/db/schema/activations';
import { createContentContext, createMember, type Member } from './content-fixtures';
import { ORG_KEY, type TestContext } from './helpers';

let ctx: TestContext;
let member: Member;
beforeAll(async () => {
  ctx = await createContentContext();
  member = await createMember(ctx, { points: 5000, birthday: '1990-05-04' });
  // One live activation per language, so that each language's walk activates one for the first time (201),
  // whatever windows the demo seed's activations have.
  const now = ctx.clock().getTime();
  for (const language of ['en', 'fr']) {
    const [activation] = await ctx.db
      .insert(activations)
      .values({
        organizationId: ctx.organization.id,
        slug: `contract-live-${language}`,
        title: `Contract ${language}`,
        startsAt: new Date(now - 3_600_000),
        stopsAt: new Date(now + 86_400_000),
      })
      .returning({ id: activations.id });
    await ctx.db.insert(badges).values({ activationId: activation.id, slug: `contract-badge-${language}`, name: 'Contract badge' });
  }
});
afterAll(async () => {
  await ctx?.close();
});

/** Calls the API as the member (or with `token`) and parses the answer with `schema`; returns the parsed data. */
async function call<S extends z.ZodType>(
  schema: S,
  method: string,
  path: string,
  options: { body?: unknown; token?: string | null; language?: string; status?: 200 | 201 | 202 } = {},
): Promise<z.infer<S>> {
  const res = await ctx.request(method, path, {
    token: options.token === undefined ? member.token : options.token,
    body: options.body,
    headers: { 'accept-language': options.language ?? 'en', 'idempotency-key': crypto.randomUUID() },
  });
  expect(res.status, `${method} ${path}: ${res.text.slice(0, 300)}`).toBe(options.status ?? 200);
  const parsed = schema.safeParse(res.body);
  expect(parsed.success ? null : parsed.error.issues, `${method} ${path} matches its contract`).toBeNull();
  return parsed.data as z.infer<S>;
}

it('challenge answers (a poll and a trivia question the member has not answered) match their contract', async () => {
  const challenges = (await call(ChallengeListResponseSchema, 'GET', '/api/challenge')).data;
  const open = challenges.find((c) => c.type === 'poll' && !c.completed && (!c.expiresOn || new Date(c.expiresOn) > new Date()));
  const trivia = challenges.find(
    (c) => c.type === 'trivia' && !c.completed && c.challengeType.questions.some((q) => !q.triviaUserResponse),
  );
  expect(open, 'the demo seed has an open poll').toBeDefined();
  expect(trivia, 'the demo seed has a trivia with an unanswered question').toBeDefined();
  await call(ChallengeSubmissionResponseSchema, 'POST', `/api/challenge/${open!.challengeId}`, { body: { pool: { responseIndex: 0 } } });
  const question = trivia!.challengeType.questions.find((q) => !q.triviaUserResponse)!;
  const result = await call(ChallengeSubmissionResponseSchema, 'POST', `/api/challenge/${trivia!.challengeId}`, {
    body: { trivia: { responseIndex: 0, questionId: question.id } },
  });
  expect(result.data.trivia).toBeDefined();
});

describe.each(['en', 'fr'])('every answer the PWA reads matches its contract (%s)', (language) => {
  // The French walk repeats the English one with the same member: an award is earned once per reference
  // (ARCHITECTURE §4), so it answers 201 in English and 200 (nothing changed) in French.
  const firstTime = language === 'en' ? 201 : 200;
  it('config, organization and sign-in', async () => {
    const config = await ctx.app.request('/config.json');
    expect(RuntimeConfigSchema.safeParse(await config.json()).success).toBe(true);
    await call(OrganizationResponseSchema, 'GET', '/api/organization/current', { token: ORG_KEY, language });
    await call(OtpResponseSchema, 'POST', '/api/session/otp', {
      body: { email: `contract-${language}@example.com` },
      token: ORG_KEY,
      language,
      status: 202,
    });
  });

  it('user, ledger, check-in and challenges', async () => {
    await call(UserResponseSchema, 'GET', '/api/user/me', { language });
    await call(UserResponseSchema, 'PATCH', '/api/user/me', { body: { firstName: 'Contract' }, language });
    await call(CheckinStatusResponseSchema, 'GET', '/api/checkin', { language });
    await call(CheckinResultResponseSchema, 'POST', '/api/checkin', { body: {}, language, status: firstTime });
    const challenges = (await call(ChallengeListResponseSchema, 'GET', '/api/challenge', { language })).data;
    await call(ChallengeResponseSchema, 'GET', `/api/challenge/${challenges[0].challengeId}`, { language });
    for (const subtype of CHALLENGE_SUBTYPES)
      await call(ChallengeHistoryResponseSchema, 'GET', `/api/challenge/${subtype}/history`, { language });
    await call(TransactionListResponseSchema, 'GET', '/api/user/me/transactions', { language });
  });

  it('videos, articles, stories and downloads, with their awards', async () => {
    const videos = (await call(VideoListResponseSchema, 'GET', '/api/content/videos', { language })).data;
    await call(ContentAwardResponseSchema, 'POST', `/api/content/videos/${videos[0].id}/view`, {
      body: { checksum: '' },
      language,
      status: firstTime,
    });
    const articles = (await call(ArticleListResponseSchema, 'GET', '/api/content/articles', { language })).data;
    await call(ArticleResponseSchema, 'GET', `/api/content/articles/${articles[0].id}`, { language });
    await call(ContentAwardResponseSchema, 'POST', `/api/content/articles/${articles[0].id}/read`, {
      body: { checksum: '' },
      language,
      status: firstTime,
    });
    const stories = (await call(StoryListResponseSchema, 'GET', '/api/content/stories', { language })).data;
    const now = Date.now();
    const live = stories.find((s) => new Date(s.startsAt).getTime() <= now && (!s.stopsAt || new Date(s.stopsAt).getTime() > now))!;
    const story = (await call(StoryResponseSchema, 'GET', `/api/content/stories/${live.id}`, { language })).data;
    await call(ChapterViewResponseSchema, 'POST', `/api/content/stories/${story.id}/chapter-view/${story.chapters[0].id}`, {
      body: { checksum: '' },
      language,
      status: firstTime,
    });
    await call(DownloadListResponseSchema, 'GET', '/api/content/downloads', { language });
  });

  it('sweepstakes, activations, consents, carousel and avatar', async () => {
    const sweepstakes = (await call(SweepstakeListResponseSchema, 'GET', '/api/sweepstake', { language })).data;
    await call(SweepstakeListResponseSchema, 'GET', '/api/sweepstake', { token: ORG_KEY, language });
    const live = sweepstakes.find((s) => s.status === 'live')!;
    await call(SweepstakeResponseSchema, 'GET', `/api/sweepstake/${live.sweepstakeId}`, { language });
    await call(SweepstakeEntryResponseSchema, 'POST', `/api/sweepstake/${live.sweepstakeId}/entry`, {
      body: { count: 1 },
      language,
      status: 201,
    });
    const activations = (await call(ActivationListResponseSchema, 'GET', '/api/activations/list', { token: ORG_KEY, language })).data;
    await call(ActivationDetailResponseSchema, 'GET', `/api/activations/${activations[0].slug}`, { token: ORG_KEY, language });
    const activated = await call(ActivateUserResponseSchema, 'POST', '/api/activations/activate-user', {
      body: { slug: `contract-live-${language}` },
      language,
      status: 201,
    });
    expect(activated.data.badges.map((badge) => badge.slug)).toEqual([`contract-badge-${language}`]);
    const consents = (await call(ConsentListResponseSchema, 'GET', '/api/consent/user', { language })).data;
    await call(ConsentResponseSchema, 'PATCH', `/api/consent/user/${consents[0].id}`, {
      body: { consentId: consents[0].consentId, value: 1, data: {} },
      language,
    });
    await call(UserIdentifyResponseSchema, 'POST', '/api/user/me/identify', { body: { email: member.email }, language });
    await call(CarouselDismissalResponseSchema, 'DELETE', `/api/carousel/latest-styles-${language}`, { language });
    await call(CarouselDismissalListResponseSchema, 'GET', '/api/carousel/dismissed', { language });
    const png = await sharp({ create: { width: 1, height: 1, channels: 4, background: '#ffffff' } })
      .png()
      .toBuffer();
    const upload = await ctx.app.request('/api/media', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${member.token}`,
        'x-org-token': ctx.organization.token,
        'content-type': 'application/octet-stream',
      },
      body: new Uint8Array(png),
    });
    const uploaded = MediaUploadResponseSchema.safeParse(await upload.json());
    expect(uploaded.success).toBe(true);
    await call(SetAvatarResponseSchema, 'POST', '/api/media/set-avatar', {
      body: { name: uploaded.data!.data.name.split('.')[0] },
      language,
    });
  });
});
