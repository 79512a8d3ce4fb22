/**
 * Story rules (spec §4 "Stories"; ARCHITECTURE §5 rank-coded stories). Pure: the viewer and the time are passed in.
 *
 * - Lists: every story falls in one of four lists, shown in this order: live, unwatched, sponsored, watched.
 *   A viewed story (or one of type `watched`) is always in `watched`, so viewed stories sort last.
 * - Inside a list: newest `startsAt` first, then title.
 * - Chapters are shown by ascending `orderIndex`.
 * - Who may see or share a story by its title (rank codes, 'Save to Home') is the shared rule of
 *   `src/rules/story-title.ts`.
 */
import type { Story, StoryChapter } from '../../contracts/content';
import { isTitleVisibleTo, type StoryViewer } from '../../rules/story-title';

/** The four rail lists, in display order. */
const STORY_LISTS = ['live', 'unwatched', 'sponsored', 'watched'] as const;
type StoryList = (typeof STORY_LISTS)[number];

/** The list a story belongs to: `watched` when viewed (or typed `watched`), else by its type (`default` = unwatched). */
export function storyListOf(story: Pick<Story, 'type' | 'viewed'>): StoryList {
  if (story.viewed || story.type === 'watched') return 'watched';
  if (story.type === 'live') return 'live';
  if (story.type === 'sponsored') return 'sponsored';
  return 'unwatched';
}

/** Whether the story is inside its visibility window at `now` (`startsAt` <= now < `stopsAt`; no stop = open-ended). */
function isStoryInWindow(story: Pick<Story, 'startsAt' | 'stopsAt'>, now: Date): boolean {
  const t = now.getTime();
  if (Date.parse(story.startsAt) > t) return false;
  return story.stopsAt === null || Date.parse(story.stopsAt) > t;
}

/** Stories grouped into the four lists, each list newest first. */
type GroupedStories = Record<StoryList, Story[]>;

const newestFirst = (a: Story, b: Story) => Date.parse(b.startsAt) - Date.parse(a.startsAt) || a.title.localeCompare(b.title);

/** Groups stories into the four lists (spec §4), each newest first. Returns new arrays; the input is not changed. */
export function groupStories(stories: readonly Story[]): GroupedStories {
  const groups: GroupedStories = { live: [], unwatched: [], sponsored: [], watched: [] };
  for (const story of stories) groups[storyListOf(story)].push(story);
  for (const list of STORY_LISTS) groups[list].sort(newestFirst);
  return groups;
}

/** Stories in rail order: live, unwatched, sponsored, then watched (viewed last). Returns a new array. */
export function sortStories(stories: readonly Story[]): Story[] {
  const groups = groupStories(stories);
  return STORY_LISTS.flatMap((list) => groups[list]);
}

/**
 * What the stories rail shows for `viewer` at `now`: visible (rank rule), inside their window, in rail order.
 * Takes the stories, the viewer (null = visitor) and the time; returns a new array.
 */
export function selectRailStories(stories: readonly Story[], viewer: StoryViewer | null, now: Date): Story[] {
  return sortStories(stories.filter((s) => isTitleVisibleTo(s.title, viewer) && isStoryInWindow(s, now)));
}

/** Chapters in display order: ascending `orderIndex` (ties keep their order). Returns a new array. */
export function sortChapters<C extends Pick<StoryChapter, 'orderIndex'>>(chapters: readonly C[]): C[] {
  return [...chapters].sort((a, b) => a.orderIndex - b.orderIndex);
}

/**
 * Where the viewer opens a story: the first chapter not yet viewed, or the first chapter when all were viewed.
 * Takes the sorted chapters; returns an index (0 for an empty list).
 */
export function firstUnviewedChapterIndex(chapters: readonly Pick<StoryChapter, 'viewed'>[]): number {
  const index = chapters.findIndex((c) => !c.viewed);
  return index < 0 ? 0 : index;
}

/**
 * Optimistic update after a chapter view: marks the chapter viewed and the story viewed when every chapter is.
 * Takes the story and the chapter id; returns a new story (the same object when the chapter is unknown).
 */
export function markChapterViewed(story: Story, chapterId: string): Story {
  if (!story.chapters.some((c) => c.id === chapterId)) return story;
  const chapters = story.chapters.map((c) => (c.id === chapterId ? { ...c, viewed: true } : c));
  return { ...story, chapters, viewed: chapters.every((c) => c.viewed) };
}
