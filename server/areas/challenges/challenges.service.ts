/**
 * Challenge rules (spec §3-§4, ARCHITECTURE §5) and the wire format.
 *
 * - Visible when `visibleFrom <= now`; expired when `expiresOn <= now` (expired ones stay listed for history).
 *   Visitors see only challenges flagged public, without any answer state.
 * - Completion (spec §4): poll family and keyword -> answered or expired; trivia -> every question answered.
 * - Poll / pick'em / arcade `{pool: {responseIndex}}`: one answer per member; the chosen option's points are
 *   awarded once (reference `challenge:<id>`), plus, for an answer matching a known `correctIndex`, the
 *   challenge's `points` as a bonus (options carry equal points so they do not give the answer away). A pick'em's
 *   bonus is paid when its result is entered (`challenge-results.ts`, decision 0055). A pick'em locks at kick-off
 *   (`locksAt`, else its end) and at the latest when its result is entered (`src/rules/pickem-lock.ts`): a later
 *   pick is 422 ChallengeSubmission with `details.reason` 'PickLocked'.
 *   A second answer is 422 ChallengeSubmission.
 * - Keyword `{Input: {response}}`: compared case- and whitespace-insensitively with the accepted answers; a
 *   wrong answer answers 200 `correct: false` and stores nothing (try again); a right one awards `points` once.
 * - Trivia `{trivia: {questionId, responseIndex}}`: each answer is revealed right or wrong; a right answer
 *   awards the question's points once (reference `trivia:<id>:<questionId>`); the same answer again is a no-op,
 *   another answer to an answered question is 422.
 * - Submitting to an expired or not-yet-visible challenge is 422 ChallengeSubmission; unknown ids 404. A poll or
 *   keyword answer queued offline carries `occurredAt`: given before the close, it counts (with that time) when it
 *   arrives within 30 minutes of the close, later it is 422 ChallengeSubmission with `details.reason`
 *   'AnswerTooLate'; a claim before the opening or in the future is disregarded (`src/rules/answer-time.ts`).
 * - Results of a poll or pick'em (`getChallengeResults`): counts and shares per option, only to a
 *   member `src/rules/poll-shares.ts` allows; never part of any other answer, so hidden results cannot leak.
 */
import { isPublished } from '../../../src/rules/content-status';
import { and, eq, type SQLWrapper } from 'drizzle-orm';
import type {
  Challenge,
  ChallengeOutcome,
  ChallengeResults,
  ChallengeSubmission,
  ChallengeSubmissionResult,
  ChallengeSubtype,
  TriviaUserResponse,
} from '../../../src/contracts/challenge';
import { isCompleteBy } from '../../../src/rules/challenge-completion';
import { ANSWER_GRACE_MS, judgeAnswerTime } from '../../../src/rules/answer-time';
import { isPickLocked, pickLockTime, type PickLockFacts } from '../../../src/rules/pickem-lock';
import { pollResultsRefusal, pollShares } from '../../../src/rules/poll-shares';
import type { ChallengeRow } from '../../db/challenge-cache';
import type { DbOrTx } from '../../db/client';
import { currentTransaction, currentUnit } from '../../db/runtime';
import { challengeResponses, triviaAnswers } from '../../db/schema';
import { ApiError, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { AppDeps } from '../../kernel/types';
import { jsonArrayText, jsonText, joinObjectTexts, type JsonText } from '../../lib/json-text';
import type { Principal } from '../../lib/app-env';
import { awardPointsAfter } from '../../kernel/ledger';
import { prepareChallengeStatements } from './challenges.statements';

/** A member's answer row, as read back or as just written (its id is never shown). */
type ResponseRow = Omit<typeof challengeResponses.$inferSelect, 'id'>;
type TriviaAnswerRow = typeof triviaAnswers.$inferSelect;
/** A member's answers to one challenge. */
type MemberState = { response: ResponseRow | null; trivia: TriviaAnswerRow[] };

const NO_STATE: MemberState = { response: null, trivia: [] };

/** 422 ChallengeSubmission (the client's ChallengeSubmissionError, spec §8). */
const submissionError = (message: string) => new ApiError(422, 'ChallengeSubmission', message);
const challengeNotFound = () => notFound('Challenge not found');

/** Keyword comparison form: Unicode-normalised, lower-cased, without any whitespace. */
function normalizeKeyword(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase('en').replace(/\s+/gu, '');
}

function isExpired(row: ChallengeRow, now: Date): boolean {
  return row.expiresOn !== null && row.expiresOn.getTime() <= now.getTime();
}

/** The facts of the shared pick'em lock rule (`src/rules/pickem-lock.ts`) of a challenge row. */
function lockFacts(row: ChallengeRow): PickLockFacts {
  return {
    subtype: row.subtype,
    locksAt: row.locksAt?.getTime() ?? null,
    expiresOn: row.expiresOn?.getTime() ?? null,
    resultEnteredAt: row.resultEnteredAt?.getTime() ?? null,
  };
}

/** The member's trivia progress: in_progress until every question is answered, then completed. */
function triviaUserResponse(row: ChallengeRow, answers: TriviaAnswerRow[]): TriviaUserResponse | null {
  if (answers.length === 0) return null;
  const done = row.questions.length > 0 && row.questions.every((q) => answers.some((a) => a.questionId === q.id));
  const last = Math.max(...answers.map((a) => a.answeredAt.getTime()));
  return {
    status: done ? 'completed' : 'in_progress',
    completedAt: done ? new Date(last).toISOString() : null,
    score: answers.reduce((sum, a) => sum + a.pointsAwarded, 0),
    answers: row.questions.flatMap((q) => {
      const a = answers.find((x) => x.questionId === q.id);
      return a ? [{ questionId: q.id, answer: a.answerIndex, correct: a.correct }] : [];
    }),
  };
}

/** Completion (spec §4) of a challenge row for a member's answers: the shared rule of src/rules. */
function isCompleted(row: ChallengeRow, state: MemberState, now: Date): boolean {
  return isCompleteBy({
    trivia: row.type === 'trivia',
    questionIds: row.questions.map((q) => q.id),
    isQuestionAnswered: (id) => state.trivia.some((a) => a.questionId === id),
    answered: state.response !== null,
    expired: isExpired(row, now),
  });
}

/** Outcome for history: null while the challenge is still open and not completed. */
function outcomeOf(row: ChallengeRow, state: MemberState, now: Date): ChallengeOutcome | null {
  const expired = isExpired(row, now);
  if (row.type === 'trivia') {
    if (state.trivia.length === 0) return expired ? { status: 'missed', pointsAwarded: 0, correctIndex: null } : null;
    if (!expired && !isCompleted(row, state, now)) return null;
    const score = state.trivia.reduce((s, a) => s + a.pointsAwarded, 0);
    return { status: 'answered', pointsAwarded: score, correctIndex: null };
  }
  const response = state.response;
  if (!response) {
    // A locked pick'em can no longer be answered: the member missed it, and sees the result once entered.
    const missed = expired || isPickLocked(lockFacts(row), now.getTime());
    return missed ? { status: 'missed', pointsAwarded: 0, correctIndex: row.correctIndex } : null;
  }
  const pointsAwarded = response.pointsAwarded;
  if (row.subtype === 'keyword') return { status: 'won', pointsAwarded, correctIndex: null };
  if (row.subtype === 'poll' || row.correctIndex === null) {
    return { status: row.subtype === 'pickem' ? 'pending' : 'answered', pointsAwarded, correctIndex: null };
  }
  return {
    status: response.responseIndex === row.correctIndex ? 'won' : 'lost',
    pointsAwarded,
    correctIndex: row.correctIndex,
  };
}

/** When the pick'em `row` locks, as an ISO timestamp; null for other challenges or a pick'em with no lock time. */
function lockTimeIso(row: ChallengeRow): string | null {
  const time = pickLockTime(lockFacts(row));
  return time === null ? null : new Date(time).toISOString();
}

/** The fields of a challenge's wire format that depend on the member or on the time. */
type MemberField = 'userResponse' | 'pollResponseIndex' | 'outcome' | 'completed';
/** What the wire format says of a challenge the same way to every member at every time, in one language. */
type CatalogueEntry = Omit<Challenge, MemberField>;

/**
 * Challenge row -> the member-independent part of its wire format, in `language` when a translation exists (a
 * quiz's questions carry no member's answers here). Never includes accepted keywords, trivia right answers, or an
 * unrevealed arcade/pick'em result.
 */
function catalogueEntry(row: ChallengeRow, language: string): CatalogueEntry {
  const t = language === 'en' ? undefined : row.translations[language];
  const maxPoints =
    row.type === 'trivia'
      ? row.questions.reduce((s, q) => s + q.points, 0)
      : row.type === 'input'
        ? row.points
        : Math.max(0, ...row.options.map((o) => o.points)) + (row.correctIndex !== null || row.subtype === 'pickem' ? row.points : 0);
  return {
    challengeId: row.id,
    type: row.type,
    subtype: row.subtype,
    title: t?.title ?? row.title,
    description: t?.description !== undefined ? t.description : row.description,
    mediaId: row.mediaId,
    visibleFrom: row.visibleFrom.toISOString(),
    expiresOn: row.expiresOn ? row.expiresOn.toISOString() : null,
    locksAt: lockTimeIso(row),
    resultsHidden: row.resultsHidden,
    points: row.points,
    maxPoints,
    challengeType: {
      options: row.options.map((o, index) => ({
        index,
        text: t?.options?.[index] ?? o.text,
        points: o.points,
        mediaId: o.mediaId ?? null,
      })),
      questions: row.questions.map((q, qi) => {
        const tq = t?.questions?.[qi];
        return {
          id: q.id,
          text: tq?.text ?? q.text,
          points: q.points,
          options: q.options.map((text, index) => ({ index, text: tq?.options?.[index] ?? text, points: 0, mediaId: null })),
          triviaUserResponse: null,
        };
      }),
    },
  };
}

/** The member's answer to each question of quiz `entry`, on the quiz's questions; `entry`'s own for other challenges. */
function challengeTypeFor(entry: CatalogueEntry, state: MemberState): Challenge['challengeType'] {
  if (entry.type !== 'trivia') return entry.challengeType;
  return {
    options: entry.challengeType.options,
    questions: entry.challengeType.questions.map((q) => {
      const a = state.trivia.find((x) => x.questionId === q.id);
      return { ...q, triviaUserResponse: a ? { questionId: q.id, answer: a.answerIndex, correct: a.correct } : null };
    }),
  };
}

/** Challenge row + member state at `now` -> the member's fields of the wire format. */
function memberFields(row: ChallengeRow, state: MemberState, now: Date): Pick<Challenge, MemberField> {
  const r = state.response;
  return {
    userResponse:
      row.type === 'trivia'
        ? triviaUserResponse(row, state.trivia)
        : r
          ? { responseIndex: r.responseIndex, response: r.response, pointsAwarded: r.pointsAwarded, answeredAt: r.answeredAt.toISOString() }
          : null,
    pollResponseIndex: row.type === 'poll' ? (r?.responseIndex ?? null) : null,
    outcome: outcomeOf(row, state, now),
    completed: isCompleted(row, state, now),
  };
}

/** Challenge row + member state -> wire format, in `language` when a translation exists (see `catalogueEntry`). */
function serializeChallenge(row: ChallengeRow, state: MemberState, now: Date, language: string): Challenge {
  const { entry } = encodedEntry(row, language);
  return { ...entry, challengeType: challengeTypeFor(entry, state), ...memberFields(row, state, now) };
}

/**
 * A row's catalogue entry in one language, and its JSON text: a quiz's text leaves out its questions, which carry the
 * member's answers.
 */
type EncodedEntry = { entry: CatalogueEntry } & (
  { quiz: false; text: JsonText<CatalogueEntry> } | { quiz: true; text: JsonText<Omit<CatalogueEntry, 'challengeType'>> }
);

/**
 * The encoded entries of rows, per language, made once: rows come from the process's challenge cache and are
 * replaced, not changed, when the organization's version moves, so an entry lives as long as its row.
 */
const encodedEntries = new WeakMap<ChallengeRow, Map<string, EncodedEntry>>();

/** The encoded entry of `row` in `language`, made on first use and kept (see `encodedEntries`). */
function encodedEntry(row: ChallengeRow, language: string): EncodedEntry {
  let byLanguage = encodedEntries.get(row);
  if (!byLanguage) encodedEntries.set(row, (byLanguage = new Map()));
  let encoded = byLanguage.get(language);
  if (!encoded) {
    const entry = catalogueEntry(row, language);
    const { challengeType: _questions, ...rest } = entry;
    encoded = row.type === 'trivia' ? { entry, quiz: true, text: jsonText(rest) } : { entry, quiz: false, text: jsonText(entry) };
    byLanguage.set(language, encoded);
  }
  return encoded;
}

/**
 * Challenge row + member state -> the JSON text of `serializeChallenge`'s answer (the same fields, in another
 * order), from the row's entry encoded once per language: at kick-off every phone asks for the list at once, and
 * encoding the whole of it for each was most of a request's work.
 */
function encodeChallenge(row: ChallengeRow, state: MemberState, now: Date, language: string): JsonText<Challenge> {
  const encoded = encodedEntry(row, language);
  const member = jsonText(memberFields(row, state, now));
  if (!encoded.quiz) return joinObjectTexts(encoded.text, member);
  const questions = jsonText({ challengeType: challengeTypeFor(encoded.entry, state) });
  return joinObjectTexts(encoded.text, joinObjectTexts(questions, member));
}

/**
 * The member's answers for the given challenges, by challenge id: the answer rows of the poll family and keyword
 * challenges, the question answers of the trivia ones (each kind keeps only its own, see `recordAnswer`), so a kind
 * absent from `rows` costs no statement. Members asking in one event-loop turn share those statements.
 */
async function loadMemberStates(deps: AppDeps, userId: string, rows: Array<Pick<ChallengeRow, 'id' | 'type'>>) {
  const states = new Map<string, MemberState>();
  const answers = await deps.prepared(prepareChallengeStatements).memberAnswers(currentTransaction(), {
    userId,
    answeredIds: rows.filter((row) => row.type !== 'trivia').map((row) => row.id),
    triviaIds: rows.filter((row) => row.type === 'trivia').map((row) => row.id),
  });
  for (const row of rows) states.set(row.id, { response: null, trivia: [] });
  for (const r of answers.responses) states.get(r.challengeId)!.response = r;
  for (const a of answers.trivia) states.get(a.challengeId)!.trivia.push(a);
  return states;
}

/**
 * The challenges `principal` may see at `now` (visible; public only for visitors), with the member's state.
 * @param subtype only this subtype when given
 */
async function visibleChallenges(deps: AppDeps, principal: Principal, now: Date, subtype?: ChallengeSubtype) {
  const published = await deps.challenges.published(principal.organization.id, principal.organization.version);
  const rows = published.filter(
    (r) => r.visibleFrom <= now && (principal.kind === 'user' || r.isPublic) && (!subtype || r.subtype === subtype),
  );
  const states = principal.kind === 'user' ? await loadMemberStates(deps, principal.user.id, rows) : new Map<string, MemberState>();
  return rows.map((row) => ({ row, state: states.get(row.id) ?? NO_STATE }));
}

/**
 * The challenges `principal` may see at `now` (see `visibleChallenges`), in the wire format.
 * @param subtype only this subtype when given
 */
export async function listChallenges(
  deps: AppDeps,
  principal: Principal,
  now: Date,
  language: string,
  subtype?: ChallengeSubtype,
): Promise<{ row: ChallengeRow; challenge: Challenge }[]> {
  const visible = await visibleChallenges(deps, principal, now, subtype);
  return visible.map(({ row, state }) => ({ row, challenge: serializeChallenge(row, state, now, language) }));
}

/**
 * The challenges `principal` may see at `now` (see `visibleChallenges`), as the JSON text of a `Challenge[]`: the
 * challenge list every phone reads at kick-off (`encodeChallenge`).
 */
export async function encodeChallengeList(
  deps: AppDeps,
  principal: Principal,
  now: Date,
  language: string,
): Promise<JsonText<Challenge[]>> {
  const visible = await visibleChallenges(deps, principal, now);
  return jsonArrayText(visible.map(({ row, state }) => encodeChallenge(row, state, now, language)));
}

/**
 * One challenge as `principal` may see it.
 * @throws ApiError 404 'Challenge not found' for unknown ids, other organizations, hidden or (visitors) non-public ones
 */
export async function getChallenge(deps: AppDeps, principal: Principal, id: string, now: Date, language: string): Promise<Challenge> {
  const row = await findChallenge(deps, principal.organization, id);
  if (!row || row.visibleFrom > now || (principal.kind === 'visitor' && !row.isPublic)) throw challengeNotFound();
  const state = principal.kind === 'user' ? (await loadMemberStates(deps, principal.user.id, [row])).get(id)! : NO_STATE;
  return serializeChallenge(row, state, now, language);
}

/**
 * How members answered poll or pick'em `id`, for a member allowed to see it (`src/rules/poll-shares.ts`): counts and
 * whole-percent shares per option, in option order.
 * @throws ApiError 404 'Challenge not found' as `getChallenge`; 403 ResultsUnavailable (`details.reason`: Hidden,
 *   NotAnswered, NotLocked, NoResults) when the results are withheld from this member
 */
export async function getChallengeResults(
  deps: AppDeps,
  principal: Extract<Principal, { kind: 'user' }>,
  id: string,
  now: Date,
): Promise<ChallengeResults> {
  const row = await findChallenge(deps, principal.organization, id);
  if (!row || row.visibleFrom > now) throw challengeNotFound();
  const state = (await loadMemberStates(deps, principal.user.id, [row])).get(id)!;
  const refusal = pollResultsRefusal({
    subtype: row.subtype,
    resultsHidden: row.resultsHidden,
    answered: state.response !== null,
    expired: isExpired(row, now),
    locked: isPickLocked(lockFacts(row), now.getTime()),
  });
  if (refusal) throw new ApiError(403, 'ResultsUnavailable', 'The results of this challenge are not shown', { reason: refusal });
  const counts = row.options.map(() => 0);
  for (const r of await deps.prepared(prepareChallengeStatements).pollCounts.execute({ challengeId: id })) {
    if (r.responseIndex !== null && r.responseIndex < counts.length) counts[r.responseIndex] = Number(r.count);
  }
  const shares = pollShares(counts);
  return {
    challengeId: row.id,
    total: counts.reduce((sum, n) => sum + n, 0),
    options: counts.map((count, index) => ({ index, count, share: shares[index] })),
    countedAt: now.toISOString(),
  };
}

/**
 * The published challenge `id` of `organization` as of its `version` (read with the request's session), or null:
 * unknown, another organization's, a draft or archived. From the process's challenge cache (`db/challenge-cache.ts`):
 * every change of a challenge raises the version, so it is as fresh as a read of the row. In a unit of work (an
 * answer with an Idempotency-Key), only what the cache keeps is used; otherwise the row is read on the unit's
 * connection, since the cache's own read would wait for the unit on the embedded database.
 */
async function findChallenge(deps: AppDeps, organization: { id: string; version: number }, id: string) {
  const published =
    deps.challenges.kept(organization.id, organization.version) ??
    (currentUnit() ? undefined : await deps.challenges.published(organization.id, organization.version));
  if (published) return published.find((row) => row.id === id) ?? null;
  if (!isUuid(id)) return null;
  const [row] = await deps.prepared(prepareChallengeStatements).challengeById.execute({ id, organizationId: organization.id });
  return row && isPublished(row) ? row : null;
}

/**
 * Writes `insert` (an answer row, `on conflict do nothing returning`) and, when it wrote a row and `award` has
 * points, the award, in one statement (`awardPointsAfter`).
 * @returns whether the answer row was written (false: the member had already given it)
 */
async function saveAnswer(db: DbOrTx, insert: SQLWrapper & PromiseLike<unknown[]>, award: Parameters<typeof awardPointsAfter>[2]) {
  if (award.amount > 0) return (await awardPointsAfter(db, insert, award)).passed;
  return (await insert).length > 0;
}

/** What a member sends to answer a challenge, with the organization as of the request's session. */
type AnswerInput = {
  userId: string;
  organization: { id: string; version: number };
  challengeId: string;
  submission: ChallengeSubmission;
};

/**
 * Checks `input.submission` against the challenge and saves the answer with its award (see `saveAnswer`).
 * @returns the challenge row, the points awarded, whether the answer was right (null: no right answer) and, for the
 *   poll family and keyword, the member's state after it (it is the answer just written, or none for a wrong
 *   keyword); trivia leaves it out, as the quiz's other answers are read back
 * @throws ApiError 404 'Challenge not found', 422 ChallengeSubmission
 */
async function recordAnswer(
  deps: AppDeps,
  input: AnswerInput,
  now: Date,
): Promise<{ row: ChallengeRow; pointsAwarded: number; correct: boolean | null; state?: MemberState }> {
  const tx = deps.db;
  const { userId, challengeId, submission } = input;
  const row = await findChallenge(deps, input.organization, challengeId);
  if (!row) throw challengeNotFound();
  const claimed = 'trivia' in submission || submission.occurredAt === undefined ? null : Date.parse(submission.occurredAt);
  const time = judgeAnswerTime(
    { subtype: row.subtype, opensAt: row.visibleFrom.getTime(), closesAt: row.expiresOn?.getTime() ?? null },
    claimed,
    now.getTime(),
  );
  if (!time.accepted) {
    if (time.reason === 'NotOpen') throw submissionError('This challenge is not open yet');
    if (time.reason === 'Ended') throw submissionError('This challenge has ended');
    throw new ApiError(422, 'ChallengeSubmission', 'This answer arrived more than 30 minutes after the challenge closed', {
      reason: 'AnswerTooLate',
      closedAt: row.expiresOn?.toISOString() ?? null,
      graceMinutes: ANSWER_GRACE_MS / 60_000,
    });
  }
  const answeredAt = new Date(time.answeredAt);
  // Judged at arrival: a pick'em's claimed time is never read, so no claim loosens its lock.
  if (isPickLocked(lockFacts(row), now.getTime())) {
    throw new ApiError(422, 'ChallengeSubmission', 'Picks are locked: the match has started', { reason: 'PickLocked' });
  }

  // An answer of the poll family or a keyword is awarded once per challenge.
  const awardReference = `challenge:${row.id}`;
  if ('pool' in submission) {
    if (row.type !== 'poll') throw submissionError('This challenge does not take a choice answer');
    const index = submission.pool.responseIndex;
    const option = row.options[index];
    if (!option) throw submissionError('There is no such option');
    const correct = row.correctIndex === null ? null : index === row.correctIndex;
    const points = option.points + (correct ? row.points : 0);
    const answer = {
      challengeId,
      userId,
      responseIndex: index,
      correct,
      pointsAwarded: points,
      bonusPoints: correct ? row.points : 0,
      answeredAt,
    };
    // The poll family's answers of a turn share one statement (`prepareChallengeStatements`): a half-time poll is a burst.
    const saved = await deps
      .prepared(prepareChallengeStatements)
      .answerPoll(currentTransaction(), { ...answer, reference: awardReference, label: row.title });
    if (!saved) throw submissionError('You already answered this challenge');
    return { row, pointsAwarded: points, correct, state: { response: { ...answer, response: null }, trivia: [] } };
  }

  if ('Input' in submission) {
    if (row.type !== 'input') throw submissionError('This challenge does not take a text answer');
    const [existing] = await tx
      .select({ id: challengeResponses.id })
      .from(challengeResponses)
      .where(and(eq(challengeResponses.challengeId, challengeId), eq(challengeResponses.userId, userId)));
    if (existing) throw submissionError('You already answered this challenge');
    const given = normalizeKeyword(submission.Input.response);
    const correct = given !== '' && row.acceptedAnswers.some((a) => normalizeKeyword(a) === given);
    if (!correct) return { row, pointsAwarded: 0, correct: false, state: NO_STATE };
    const answer = {
      challengeId,
      userId,
      responseIndex: null,
      response: submission.Input.response.trim(),
      correct: true,
      pointsAwarded: row.points,
      bonusPoints: 0,
      answeredAt,
    };
    const insert = tx.insert(challengeResponses).values(answer).onConflictDoNothing().returning({ id: challengeResponses.id });
    const award = { userId, amount: row.points, reason: 'challenge' as const, reference: awardReference, label: row.title };
    if (!(await saveAnswer(tx, insert, award))) throw submissionError('You already answered this challenge');
    return { row, pointsAwarded: row.points, correct: true, state: { response: answer, trivia: [] } };
  }

  if (row.type !== 'trivia') throw submissionError('This challenge is not a quiz');
  const { questionId, responseIndex } = submission.trivia;
  const question = row.questions.find((q) => q.id === questionId);
  if (!question) throw submissionError('There is no such question in this quiz');
  if (responseIndex >= question.options.length) throw submissionError('There is no such option');
  const correct = responseIndex === question.correctIndex;
  const points = correct ? question.points : 0;
  const insert = tx
    .insert(triviaAnswers)
    .values({ challengeId, userId, questionId, answerIndex: responseIndex, correct, pointsAwarded: points, answeredAt: now })
    .onConflictDoNothing()
    .returning({ id: triviaAnswers.id });
  const award = { userId, amount: points, reason: 'trivia' as const, reference: `trivia:${row.id}:${questionId}`, label: row.title };
  if (!(await saveAnswer(tx, insert, award))) {
    const [previous] = await tx
      .select()
      .from(triviaAnswers)
      .where(and(eq(triviaAnswers.challengeId, challengeId), eq(triviaAnswers.userId, userId), eq(triviaAnswers.questionId, questionId)));
    if (previous.answerIndex !== responseIndex) throw submissionError('You already answered this question');
    return { row, pointsAwarded: 0, correct: previous.correct };
  }
  return { row, pointsAwarded: points, correct };
}

/**
 * Records a member's answer (rules in the module comment): the challenge comes from the process's cache, then the
 * answer row and its award are one statement, so no transaction of its own is needed. A poll or keyword answer is
 * then the member's whole state for the challenge (one answer each), so only a quiz reads its answers back.
 * @throws ApiError 404 'Challenge not found', 422 ChallengeSubmission
 */
export async function submitChallenge(deps: AppDeps, input: AnswerInput & { language: string }): Promise<ChallengeSubmissionResult> {
  const now = deps.clock();
  const { userId, challengeId } = input;
  const outcome = await recordAnswer(deps, input, now);

  const state = outcome.state ?? (await loadMemberStates(deps, userId, [outcome.row])).get(challengeId)!;
  const challenge = serializeChallenge(outcome.row, state, now, input.language);
  return {
    challenge,
    pointsAwarded: outcome.pointsAwarded,
    correct: outcome.correct,
    ...(outcome.row.type === 'trivia' ? { trivia: challenge.userResponse as TriviaUserResponse } : {}),
  };
}
