/**
 * A challenge's form values and what is made of them: the request body of `POST/PATCH /api/admin/challenges`
 * (checked with the shared `ChallengeInputSchema`), the values of a stored challenge (or of a copy: "duplicate as
 * new"), and the fan-side `Challenge` the live preview renders with the fan app's own card.
 */
import { TYPE_OF_SUBTYPE, type ChallengeInput } from '../../../contracts/admin/challenge';
import type { Challenge, ChallengeSubtype } from '../../../contracts/challenge';

interface OptionValues {
  text: string;
  points: number | '';
  mediaId?: string | null;
}
interface QuestionValues {
  id?: string;
  text: string;
  options: string[];
  correctIndex: number;
  points: number | '';
}
interface FrenchValues {
  title?: string;
  description?: string;
  options?: string[];
  questions?: Array<{ text?: string; options?: string[] }>;
}

/**
 * A challenge's form values: the `ChallengeInput` body as the operator edits it, with every subtype's parts kept
 * (options, questions, accepted answers) while the subtype changes, numbers not entered yet as '', and every French
 * text present; `challengeBody` makes the body.
 */
interface ChallengeValues {
  key: string;
  subtype: ChallengeSubtype;
  title: string;
  description: string;
  mediaId: string | null;
  visibleFrom: string;
  expiresOn: string | null;
  locksAt: string | null;
  resultsHidden: boolean;
  points: number | '';
  options: OptionValues[];
  correctIndex: number | null;
  questions: QuestionValues[];
  keywords: string[];
  isPublic: boolean;
  draft: boolean;
  sortOrder: number | '';
  translations: { fr: { title: string; description: string; options: string[]; questions: Array<{ text: string; options: string[] }> } };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (v === '' || v === null || v === undefined ? 0 : Number(v));

/** A new question with two empty options. */
export const emptyQuestion = (): QuestionValues => ({ text: '', options: ['', ''], correctIndex: 0, points: 10 });

/** Starting values of a new challenge: a poll with two options, visible from `visibleFrom`, kept as a draft. */
export function newChallengeValues(visibleFrom: string): ChallengeValues {
  return {
    key: '',
    subtype: 'poll',
    title: '',
    description: '',
    mediaId: null,
    visibleFrom,
    expiresOn: null,
    locksAt: null,
    resultsHidden: false,
    points: 0,
    options: [
      { text: '', points: 10 },
      { text: '', points: 10 },
    ],
    correctIndex: null,
    questions: [emptyQuestion()],
    keywords: [],
    isPublic: false,
    draft: true,
    sortOrder: 0,
    translations: { fr: { title: '', description: '', options: ['', ''], questions: [{ text: '', options: ['', ''] }] } },
  };
}

/**
 * The form values of a stored challenge. With `copy`, the values of a new challenge copied from it: no key, no
 * question ids (the server makes new ones), kept as a draft.
 */
export function challengeValues(item: ChallengeInput, copy = false): ChallengeValues {
  const fr: FrenchValues = item.translations?.fr ?? {};
  const options = (item.options ?? []).map((o) => ({ ...o, points: o.points ?? 0 }));
  const questions = (item.questions ?? []).map((q) => ({ ...q, id: copy ? undefined : q.id, points: q.points ?? 0 }));
  return {
    key: copy ? '' : str(item.key),
    subtype: item.subtype,
    title: item.title,
    description: str(item.description),
    mediaId: item.mediaId ?? null,
    visibleFrom: item.visibleFrom,
    expiresOn: item.expiresOn ?? null,
    locksAt: item.locksAt ?? null,
    resultsHidden: item.resultsHidden === true,
    points: item.points ?? 0,
    options: options.length ? options : newChallengeValues('').options,
    correctIndex: item.correctIndex ?? null,
    questions: questions.length ? questions : [emptyQuestion()],
    keywords: item.keywords ?? [],
    isPublic: item.isPublic === true,
    draft: copy ? true : item.draft === true,
    sortOrder: item.sortOrder ?? 0,
    translations: {
      fr: {
        title: str(fr.title),
        description: str(fr.description),
        options: options.map((_, i) => str(fr.options?.[i])),
        questions: questions.map((q, i) => ({
          text: str(fr.questions?.[i]?.text),
          options: q.options.map((_, j) => str(fr.questions?.[i]?.options?.[j])),
        })),
      },
    },
  };
}

/**
 * The request body of the values: only what the subtype uses (options for the poll family, questions for trivia,
 * accepted answers for keyword), numbers as numbers, and the French texts the operator wrote (a list of French
 * options or questions is sent whole when any of it is written, as the contract wants one per English item).
 */
export function challengeBody(values: ChallengeValues): ChallengeInput {
  const subtype = values.subtype;
  const type = TYPE_OF_SUBTYPE[subtype] ?? 'poll';
  const fr: FrenchValues = values.translations.fr;
  const options = type === 'poll' ? values.options : [];
  const questions = type === 'trivia' ? values.questions : [];
  const french: NonNullable<ChallengeInput['translations']>['fr'] & object = {};
  if (str(fr.title).trim()) french.title = str(fr.title).trim();
  if (str(fr.description).trim()) french.description = str(fr.description).trim();
  const frOptions = options.map((_, i) => str(fr.options?.[i]).trim());
  if (frOptions.some(Boolean)) french.options = frOptions;
  const frQuestions = questions.map((q, i) => ({
    text: str(fr.questions?.[i]?.text).trim(),
    options: q.options.map((_, j) => str(fr.questions?.[i]?.options?.[j]).trim()),
  }));
  if (frQuestions.some((q) => q.text || q.options.some(Boolean))) french.questions = frQuestions;
  const rightOption = subtype === 'arcade' || subtype === 'pickem';
  return {
    key: values.key.trim() || null,
    type,
    subtype,
    title: values.title,
    description: values.description,
    mediaId: values.mediaId || null,
    visibleFrom: values.visibleFrom,
    expiresOn: values.expiresOn || null,
    locksAt: subtype === 'pickem' ? values.locksAt || null : null,
    // Only a poll or a pick'em has results to hide (decision 0079).
    resultsHidden: (subtype === 'poll' || subtype === 'pickem') && values.resultsHidden === true,
    // The right-option bonus of an arcade or a pick'em, or a keyword's points; a poll or a quiz has none of its own.
    points: subtype === 'keyword' || rightOption ? num(values.points) : 0,
    options: options.map((o) => ({ text: o.text, points: num(o.points), mediaId: o.mediaId ?? null })),
    correctIndex: rightOption && typeof values.correctIndex === 'number' ? values.correctIndex : null,
    questions: questions.map((q) => ({
      ...(q.id ? { id: q.id } : {}),
      text: q.text,
      options: q.options,
      correctIndex: q.correctIndex,
      points: num(q.points),
    })),
    keywords: subtype === 'keyword' ? values.keywords.map((k) => k.trim()).filter(Boolean) : [],
    isPublic: values.isPublic,
    draft: values.draft,
    sortOrder: num(values.sortOrder),
    translations: Object.keys(french).length ? { fr: french } : {},
  };
}

/**
 * The challenge as a fan would receive it, for the live preview: in English, or with the French texts (falling
 * back to English per text, as the fan API does). Takes a body built by `challengeBody`.
 */
export function previewChallenge(body: ChallengeInput, language: 'en' | 'fr'): Challenge {
  const fr: FrenchValues = (language === 'fr' ? body.translations?.fr : undefined) ?? {};
  const options = (body.options ?? []).map((o) => ({ ...o, points: o.points ?? 0, mediaId: o.mediaId ?? null }));
  const questions = (body.questions ?? []).map((q) => ({ ...q, points: q.points ?? 0 }));
  const points = Number(body.points) || 0;
  const type = body.type;
  const maxPoints =
    type === 'trivia'
      ? questions.reduce((sum, q) => sum + q.points, 0)
      : type === 'input'
        ? points
        : Math.max(0, ...options.map((o) => o.points)) + (body.subtype === 'arcade' || body.subtype === 'pickem' ? points : 0);
  return {
    challengeId: 'preview',
    type,
    subtype: body.subtype,
    title: fr.title || body.title,
    description: fr.description || body.description || null,
    mediaId: body.mediaId ?? null,
    visibleFrom: body.visibleFrom || new Date().toISOString(),
    expiresOn: body.expiresOn ?? null,
    resultsHidden: body.resultsHidden === true,
    locksAt: body.subtype === 'pickem' ? (body.locksAt ?? body.expiresOn ?? null) : null,
    points,
    maxPoints,
    userResponse: null,
    pollResponseIndex: null,
    outcome: null,
    completed: false,
    challengeType: {
      options: options.map((o, index) => ({ index, text: fr.options?.[index] || o.text, points: o.points, mediaId: o.mediaId })),
      questions: questions.map((q, i) => ({
        id: q.id ?? `q${i}`,
        text: fr.questions?.[i]?.text || q.text,
        points: q.points,
        options: q.options.map((text, index) => ({ index, text: fr.questions?.[i]?.options?.[index] || text, points: 0, mediaId: null })),
        triviaUserResponse: null,
      })),
    },
  };
}
