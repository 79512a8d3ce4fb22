/**
 * The member card (decision 0078). Each member has a pass secret, derived (never stored) as an HMAC of their id
 * keyed by the server's `AUTH_SECRET`: the member's device gets it with the card (`GET /user/me/pass`) and derives
 * the rotating code from it offline; the server derives it again to check a code an operator scanned or typed
 * (`POST /admin/passes/verify`). Changing `AUTH_SECRET` re-issues every card. The step rules and the code formats
 * are in `src/rules/member-pass.ts`.
 *
 * Verification answers the member and `valid` / `suspended` / `expired`, or refuses a code of no member (404,
 * erased members included: deleted means deleted) and a code that is not theirs (422
 * MemberPassInvalid: forged, another member's, or ahead of time). Those refusals count against the operator's
 * allowance (`MemberPassFailures`), so a typed code's six digits cannot be walked through.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { Secret } from 'otpauth';
import { readMemberPassCode, type MemberPass, type MemberPassVerification } from '../../../src/contracts/member-pass';
import { MEMBER_PASS_PERIOD_S, memberPassStepStatus, memberPassToken, memberPassTotpStep } from '../../../src/rules/member-pass';
import { rankFor } from '../../../src/rules/rank';
import { isSuspended } from '../../../src/rules/suspension';
import { rateLimits, users } from '../../db/schema';
import { ApiError, notFound } from '../../lib/errors';
import type { AppDeps } from '../../kernel/types';
import type { OrganizationRow, RankRow, UserRow } from '../../lib/app-env';
import { rateLimitValues, refuseExhausted, type RateLimitRule } from '../../kernel/rate-limit';
import { localized, type ContentLanguage } from '../../lib/localize';

/** Refused codes one operator may send per window (a gate's mistakes fit; guessing six digits does not). */
const OPERATOR_FAILURES_PER_WINDOW = 30;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Texts of the request's language the card needs: the organization's name and a rank's title. */
type PassTexts = { organizationName: string; rankTitle: (code: string) => string };

/** The organization's name and a rank-title lookup (the code itself when the rank is unknown) in `language`. */
export function passTexts(organization: OrganizationRow, ranks: RankRow[], language: ContentLanguage): PassTexts {
  return {
    organizationName: localized({ name: organization.name }, organization.translations, language).name,
    rankTitle: (code) => {
      const rank = ranks.find((r) => r.code === code);
      return rank ? localized({ title: rank.title }, rank.translations, language).title : code;
    },
  };
}

/**
 * The pass secret of member `userId`: HMAC-SHA256 of `member-pass:<id>` keyed by `authSecret`, its first 20 bytes
 * (160 bits, as TOTP authenticators use) in base32.
 */
function memberPassSecret(authSecret: string, userId: string): string {
  const bytes = createHmac('sha256', authSecret).update(`member-pass:${userId}`).digest().subarray(0, 20);
  return new Secret({ buffer: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) }).base32;
}

/** The name a card shows: first and last name, else the username, else empty. */
function cardName(user: UserRow): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return full || user.username || '';
}

function rankCode(user: UserRow, ranks: RankRow[]) {
  return rankFor(
    user.lifetimePoints,
    ranks.map((r) => ({ name: r.code, threshold: r.threshold })),
  );
}

const avatarUrl = (deps: AppDeps, user: UserRow) =>
  user.avatarMediaId ? `${deps.env.PUBLIC_API_ORIGIN}/media/${user.avatarMediaId}` : null;

/**
 * The signed-in member's card.
 * @param texts the organization's name and rank titles in the request's language
 * @returns the card, with the pass secret and the server's time
 */
export function memberPassOf(deps: AppDeps, user: UserRow, ranks: RankRow[], organization: OrganizationRow, texts: PassTexts): MemberPass {
  const rank = rankCode(user, ranks);
  return {
    memberId: user.id,
    memberNumber: user.memberNumber,
    name: cardName(user),
    rank,
    rankTitle: texts.rankTitle(rank),
    memberSince: user.createdAt.toISOString(),
    avatarUrl: avatarUrl(deps, user),
    secret: memberPassSecret(deps.env.AUTH_SECRET, user.id),
    period: MEMBER_PASS_PERIOD_S,
    serverTime: deps.clock().toISOString(),
    organization: { name: texts.organizationName, brandColor: organization.brandColor, logoMediaId: organization.logoMediaId },
  };
}

const invalidCode = () => new ApiError(422, 'MemberPassInvalid', 'This is not the card code of a member');

/**
 * The step of a genuine code of `member`, or null when the code is not theirs: a QR token is checked at the step it
 * names (constant-time); a typed code is looked for among the recent steps (`memberPassTotpStep`).
 */
async function genuineStep(
  secret: string,
  member: UserRow,
  code: NonNullable<ReturnType<typeof readMemberPassCode>>,
  now: Date,
): Promise<number | null> {
  if (code.kind === 'typed') return memberPassTotpStep(secret, code.code, now);
  const expected = Buffer.from(await memberPassToken(secret, member.memberNumber, code.step));
  const given = Buffer.from(code.token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? code.step : null;
}

/**
 * Checks a member card code for an operator.
 * @param context the organization, its ranks, the operator's id and the texts of the request's language
 * @param text a card's QR text or typed short code (already validated by `MemberPassVerifySchema`)
 * @returns the member and the card's status
 * @throws ApiError 429 TooManyRequests (the operator's refused codes are spent, with Retry-After), 404 NotFound (no
 *   member of the organization has this number, or they were erased), 422 MemberPassInvalid (forged, another
 *   member's, or of a step ahead of time)
 */
export async function verifyMemberPass(
  deps: AppDeps,
  context: { organizationId: string; ranks: RankRow[]; operatorId: string; texts: PassTexts },
  text: string,
): Promise<MemberPassVerification> {
  const { db } = deps;
  const now = deps.clock();
  const rule: RateLimitRule = {
    bucket: `member-pass-fail:${context.operatorId}`,
    limit: OPERATOR_FAILURES_PER_WINDOW,
    windowMs: FAILURE_WINDOW_MS,
  };
  refuseExhausted(
    [rule],
    await db
      .select()
      .from(rateLimits)
      .where(inArray(rateLimits.bucket, [rule.bucket])),
    now,
  );
  const refuse = async (error: ApiError): Promise<never> => {
    await deps.queries.failureHit.execute(rateLimitValues([rule], now));
    throw error;
  };

  const code = readMemberPassCode(text);
  if (!code) return refuse(invalidCode());
  const [member] = await db
    .select()
    .from(users)
    .where(and(eq(users.organizationId, context.organizationId), eq(users.memberNumber, code.memberNumber)));
  if (!member || member.deletedAt) return refuse(notFound('No member has this number'));
  const step = await genuineStep(memberPassSecret(deps.env.AUTH_SECRET, member.id), member, code, now);
  if (step === null) return refuse(invalidCode());
  const timing = memberPassStepStatus(step, now);
  if (timing === 'future') return refuse(invalidCode());

  const rank = rankCode(member, context.ranks);
  return {
    status: isSuspended(member, now) ? 'suspended' : timing === 'expired' ? 'expired' : 'valid',
    member: {
      id: member.id,
      memberNumber: member.memberNumber,
      name: cardName(member),
      email: member.email,
      rank,
      rankTitle: context.texts.rankTitle(rank),
      memberSince: member.createdAt.toISOString(),
      avatarUrl: avatarUrl(deps, member),
      suspendedUntil: isSuspended(member, now) ? (member.suspendedUntil?.toISOString() ?? null) : null,
    },
    codeStep: step,
    codeTime: new Date(step * MEMBER_PASS_PERIOD_S * 1000).toISOString(),
    via: code.kind,
  };
}
