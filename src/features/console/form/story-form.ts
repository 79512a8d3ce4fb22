/**
 * A story's form values and request body (`POST/PATCH /api/admin/stories`): `{key, title, type, coverMediaId,
 * startsAt, stopsAt, shareable, draft, sortOrder, translations: {fr: {title}}, chapters: [{id?, mediaId, title,
 * caption, sponsorUrl, durationSeconds, value, translations: {fr: {title, caption}}}]}` (the admin story
 * contract, `src/contracts/admin/story.ts`: the stored story is its `AdminStory`, the body its `StoryInput`). A
 * rank-coded story is one whose title starts with a rank code (`src/rules/story-title.ts`): the form keeps the code
 * apart, chosen from the organization's ranks, and writes it back in front of the title.
 */
import type { AdminStory, StoryInput } from '../../../contracts/admin/story';
import { StoryTypeSchema } from '../../../contracts/content';
import { rankCodeOf } from '../../../rules/story-title';

/** A story's type (spec §3), as the contract lists them. */
export const STORY_TYPES = StoryTypeSchema.options;

/** One chapter in the form; `uid` is a key that stays with it while it moves (not sent). */
export interface ChapterValues {
  uid: string;
  id?: string;
  mediaId: string | null;
  title: string;
  caption: string;
  sponsorUrl: string;
  durationSeconds: number | '';
  value: number | '';
  translations: { fr: { title: string; caption: string } };
}

/**
 * A story's form values: the `StoryInput` body as the operator edits it (the rank code apart from the title, the
 * French title always present, an empty stop as null, chapters with their `uid`); `storyBody` makes the body.
 */
interface StoryValues {
  key: string;
  rank: string;
  title: string;
  type: string;
  coverMediaId: string | null;
  startsAt: string;
  stopsAt: string | null;
  shareable: boolean;
  draft: boolean;
  sortOrder: number | '';
  translations: { fr: { title: string } };
  chapters: ChapterValues[];
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (v === '' || v === null || v === undefined ? 0 : Number(v));
let uidCounter = 0;
const uid = () => `chapter-${++uidCounter}-${Math.random().toString(36).slice(2, 8)}`;

/** A new, empty chapter of 5 seconds. */
export function emptyChapter(): ChapterValues {
  return {
    uid: uid(),
    mediaId: null,
    title: '',
    caption: '',
    sponsorUrl: '',
    durationSeconds: 5,
    value: 0,
    translations: { fr: { title: '', caption: '' } },
  };
}

/** Splits a stored title into its rank code ('' for none) and the rest. */
export function splitRankTitle(title: string): { rank: string; rest: string } {
  const code = rankCodeOf(title);
  return code ? { rank: code, rest: title.trim().slice(code.length).trim() } : { rank: '', rest: title };
}

/** Starting values of a new story, starting at `startsAt`, kept as a draft. */
export function newStoryValues(startsAt: string): StoryValues {
  return {
    key: '',
    rank: '',
    title: '',
    type: 'default',
    coverMediaId: null,
    startsAt,
    stopsAt: null,
    shareable: true,
    draft: true,
    sortOrder: 0,
    translations: { fr: { title: '' } },
    chapters: [emptyChapter()],
  };
}

/** The form values of a stored story (the admin API's `AdminStory`). */
export function storyValues(item: AdminStory): StoryValues {
  const { rank, rest } = splitRankTitle(item.title);
  const frTitle = str(item.translations.fr?.title);
  const chapters = item.chapters.map((c) => {
    const fr = c.translations.fr ?? {};
    return {
      uid: uid(),
      id: c.id,
      mediaId: c.mediaId,
      title: c.title,
      caption: c.caption,
      sponsorUrl: c.sponsorUrl ?? '',
      durationSeconds: c.durationSeconds,
      value: c.value,
      translations: { fr: { title: str(fr.title), caption: str(fr.caption) } },
    } satisfies ChapterValues;
  });
  return {
    key: item.key ?? '',
    rank,
    title: rest,
    type: item.type,
    coverMediaId: item.coverMediaId,
    startsAt: item.startsAt,
    stopsAt: item.stopsAt,
    shareable: item.shareable,
    draft: item.draft,
    sortOrder: item.sortOrder,
    translations: { fr: { title: splitRankTitle(frTitle).rest } },
    chapters,
  };
}

type ChapterInput = StoryInput['chapters'][number];

/** A `StoryInput` whose images may still be missing (`null`): the contract check names them beside their fields. */
type StoryBody = Omit<StoryInput, 'coverMediaId' | 'chapters'> & {
  coverMediaId: string | null;
  chapters: Array<Omit<ChapterInput, 'mediaId'> & { mediaId: string | null }>;
};

/**
 * The request body of the values (chapters in their current order; empty French texts left out), shaped as the
 * contract's `StoryInput`: the form checks it with `StoryInputSchema` before sending. A cleared media field is sent
 * as `null` so the contract names it.
 */
export function storyBody(values: StoryValues): StoryBody {
  const rank = values.rank;
  const withRank = (title: string) => (rank ? `${rank} ${title.trim()}`.trim() : title.trim());
  const frTitle = values.translations.fr.title.trim();
  const chapters = values.chapters;
  return {
    key: values.key.trim() || null,
    title: withRank(values.title),
    type: StoryTypeSchema.catch('default').parse(values.type),
    coverMediaId: values.coverMediaId || null,
    startsAt: values.startsAt,
    stopsAt: values.stopsAt || null,
    shareable: values.shareable,
    draft: values.draft,
    sortOrder: num(values.sortOrder),
    translations: frTitle ? { fr: { title: withRank(frTitle) } } : {},
    chapters: chapters.map((c) => {
      const fr: Record<string, string> = {};
      if (c.translations.fr.title.trim()) fr.title = c.translations.fr.title.trim();
      if (c.translations.fr.caption.trim()) fr.caption = c.translations.fr.caption.trim();
      return {
        ...(c.id ? { id: c.id } : {}),
        mediaId: c.mediaId,
        title: c.title.trim(),
        caption: c.caption.trim(),
        sponsorUrl: c.sponsorUrl.trim() || null,
        durationSeconds: num(c.durationSeconds),
        value: num(c.value),
        translations: Object.keys(fr).length ? { fr } : {},
      };
    }),
  };
}
