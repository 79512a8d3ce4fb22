/**
 * One source of the human names of console form fields (decision 0081), used by every form's labels and its error
 * summary, and one field order shared by the forms.
 *
 * `fieldLabel(path)` names the value at a dotted form path as an i18n key of the `console` namespace with its
 * values, never as the path itself: `options.0.text` is "Option 1", `questions.1.options.0` "Question 2, answer
 * 1", `badges.0.name` "Badge 1: Name", `chapters.2.caption` "Caption of chapter 3", and a French text
 * (`translations.fr.title`) is its field's name marked French. A plain field is `fields.{name}`.
 *
 * `inFormOrder(fields)` sorts a form's fields by `FIELD_ORDER`: what it is (names, texts), its pictures and files,
 * when it runs, what it is worth, who sees it, then publishing (position, draft, reference). Unknown fields keep
 * their order after the known ones.
 */
import type { FieldSpec } from './fields';

/** An i18n key of the `console` namespace and its interpolation values. */
interface LabelKey {
  key: string;
  values?: Record<string, string | number>;
  /** The French text of the field: shown as "{label} (French)" (`form.inFrench`). */
  french?: boolean;
  /**
   * A field of a row (`labels.rowField`, "{{row}}: {{field}}"): the row's name key (given `n`) and the field's key.
   */
  row?: { key: string; n: number; field: string };
}

/** Lists of rows whose row has a name of its own (`console:rows.*` / `console:stories.*`), by list field. */
const ROW_NAMES: Record<string, string> = { badges: 'rows.badge', checkinRewards: 'rows.checkinDay' };

/** A chapter's fields with a label of their own (`console:stories.chapter*`). */
const CHAPTER_FIELDS: Record<string, string> = {
  title: 'stories.chapterTitle',
  caption: 'stories.chapterCaption',
  sponsorUrl: 'stories.chapterSponsor',
  durationSeconds: 'stories.chapterDuration',
  points: 'stories.chapterPoints',
};

const index = (part: string | undefined) => (part !== undefined && /^\d+$/.test(part) ? Number(part) + 1 : undefined);

/**
 * The label of the value at `path` of a console form.
 * @param path a dotted path of the form's values (`title`, `options.0.text`, `translations.fr.questions.1.text`)
 * @returns the i18n key (`console` namespace) and values naming it; `french` for a French text
 */
export function fieldLabel(path: string): LabelKey {
  const parts = path.split('.');
  // A French text lives under `translations.fr`, at the top or in a row (`badges.0.translations.fr.name`).
  const at = parts.indexOf('translations');
  if (at >= 0 && parts[at + 1] === 'fr') {
    const rest = [...parts.slice(0, at), ...parts.slice(at + 2)];
    // A poll's French options are plain texts: `translations.fr.options.0` is option 1's text.
    if (rest[0] === 'options' && rest.length === 2) rest.push('text');
    return { ...fieldLabel(rest.join('.')), french: true };
  }
  const [head, second, third, fourth] = parts;
  const n = index(second);
  if (head === 'options' && n !== undefined) {
    return third === 'points' ? { key: 'challenges.optionPoints', values: { n } } : { key: 'challenges.optionN', values: { n } };
  }
  if (head === 'questions' && n !== undefined) {
    if (third === 'options' && index(fourth) !== undefined)
      return { key: 'challenges.questionOption', values: { q: n, n: index(fourth)! } };
    if (third === 'options') return { key: 'labels.questionAnswers', values: { n } };
    if (third === 'points') return { key: 'challenges.questionPoints', values: { n } };
    if (third === 'correctIndex') return { key: 'labels.questionRightAnswer', values: { n } };
    return { key: 'challenges.questionText', values: { n } };
  }
  if (head === 'chapters' && n !== undefined) {
    const key = third ? CHAPTER_FIELDS[third] : undefined;
    return key
      ? { key, values: { n } }
      : { key: 'labels.rowField', row: { key: 'labels.chapter', n, field: `fields.${third ?? 'chapters'}` } };
  }
  if (n !== undefined) {
    // A row of a `rows` field: "Badge 1: Name".
    if (!third) return { key: ROW_NAMES[head] ?? 'rows.row', values: { n } };
    return { key: 'labels.rowField', row: { key: ROW_NAMES[head] ?? 'rows.row', n, field: `fields.${third}` } };
  }
  return { key: `fields.${head}` };
}

/** The order of fields every console form shares (see the module note). */
export const FIELD_ORDER: readonly string[] = [
  // What it is.
  'subtype',
  'title',
  'name',
  'slug',
  'venue',
  'rankCode',
  'fulfilment',
  'icon',
  'description',
  'summary',
  'bodyMarkdown',
  'prize',
  'cta',
  'url',
  'rules',
  // Its pictures and files.
  'fileMediaId',
  'externalUrl',
  'cdnFileName',
  'fileId',
  'mediaId',
  'addCodes',
  'thumbnailMediaId',
  'coverMediaId',
  'videoIds',
  'badges',
  // When it runs.
  'publishedAt',
  'visibleFrom',
  'startsAt',
  'endsAt',
  'stopsAt',
  'expiresOn',
  'locksAt',
  'durationSeconds',
  // What it is worth.
  'value',
  'points',
  'entryCost',
  'maxEntriesPerUser',
  'winnerCount',
  'claimDays',
  'cost',
  'stock',
  'limitPerMember',
  'threshold',
  // Who sees it.
  'underageGate',
  'isAd',
  'isPublic',
  'shareable',
  'resultsHidden',
  'minRankCode',
  // Publishing.
  'sortOrder',
  'draft',
  'key',
];

const rank = (name: string) => {
  const at = FIELD_ORDER.indexOf(name);
  return at < 0 ? FIELD_ORDER.length : at;
};

/**
 * `fields` sorted by `FIELD_ORDER` (a stable sort: unknown fields keep their order, after the known ones); the
 * rows of a `rows` field are sorted too.
 */
export function inFormOrder(fields: readonly FieldSpec[]): FieldSpec[] {
  return fields
    .map((field) => (field.rowFields ? { ...field, rowFields: inFormOrder(field.rowFields) } : field))
    .map((field, at) => ({ field, at }))
    .sort((a, b) => rank(a.field.name) - rank(b.field.name) || a.at - b.at)
    .map(({ field }) => field);
}
