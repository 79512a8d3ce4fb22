/**
 * Admin contract of a story with its chapters (spec §3 Story): the body of `POST /api/admin/stories`, field by
 * field of `PATCH /api/admin/stories/{id}` (merged onto the stored story and validated again), and the item the
 * admin API answers. Chapters are shown in array order; a chapter keeps its `id` across edits so members' views
 * stay attached to it (an edit that leaves out a chapter removes it).
 *
 * Rules: `stopsAt` after `startsAt`; 1..30 chapters of 1..60 seconds; points >= 0; a sponsor link is an https
 * address; chapter ids are unique. A rank-coded title (`src/rules/story-title.ts`) must name a rank of the
 * organization: checked by the server against its ranks.
 */
import { z } from 'zod';
import { envelope, TextSchema, TimestampSchema } from '../common';
import { StoryTypeSchema } from '../content';
import {
  adminItemFields,
  ItemKeySchema,
  listEnvelope,
  MediaRefSchema,
  optionalText,
  PointsSchema,
  requiredText,
  translationsOf,
} from './common';

/** Most chapters of a story. */
export const MAX_STORY_CHAPTERS = 30;

/** A sponsor's link: an absolute https address. */
const HttpsUrlSchema = TextSchema.trim()
  .max(2000)
  .regex(/^https:\/\/[^\s]+$/i, 'An https:// address');

const StoryChapterInputSchema = z.object({
  /** Stored chapter id: kept across edits (omit for a new chapter). */
  id: z.uuid().max(36).optional(),
  mediaId: MediaRefSchema,
  title: optionalText(200),
  caption: optionalText(500),
  sponsorUrl: HttpsUrlSchema.nullable().default(null),
  /** How long the viewer shows the chapter, in seconds (1..60). */
  durationSeconds: z.number().int().min(1).max(60).default(5),
  /** Points of a member's first view of the chapter. */
  value: PointsSchema.default(0),
  translations: translationsOf({ title: TextSchema.trim().max(200), caption: TextSchema.trim().max(500) }),
});

/** Every field of a story as an operator writes it (no cross-field rules: see {@link StoryInputSchema}). */
const StoryFieldsSchema = z.object({
  key: ItemKeySchema.nullable().default(null),
  /** English title; a leading rank code (`P1`..`P10`) shows the story only to members of that rank. */
  title: requiredText(200),
  type: StoryTypeSchema.default('default'),
  coverMediaId: MediaRefSchema,
  startsAt: TimestampSchema,
  stopsAt: TimestampSchema.nullable().default(null),
  shareable: z.boolean().default(true),
  draft: z.boolean().default(false),
  sortOrder: z.number().int().min(-100_000).max(100_000).default(0),
  translations: translationsOf({ title: TextSchema.trim().max(200) }),
  chapters: z.array(StoryChapterInputSchema).min(1, 'At least one chapter').max(MAX_STORY_CHAPTERS),
});
type StoryFields = z.output<typeof StoryFieldsSchema>;

/** The cross-field rules of a story, as zod issues on the offending field. */
function checkStory(s: StoryFields, ctx: z.RefinementCtx): void {
  if (s.stopsAt !== null && Date.parse(s.stopsAt) <= Date.parse(s.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['stopsAt'], message: 'Must be after startsAt' });
  }
  const ids = s.chapters.flatMap((c) => (c.id ? [c.id] : []));
  if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['chapters'], message: 'Chapter ids must be unique' });
}

/** `POST /api/admin/stories` body. */
export const StoryInputSchema = StoryFieldsSchema.superRefine(checkStory);
export type StoryInput = z.input<typeof StoryInputSchema>;
export type StoryInputData = z.output<typeof StoryInputSchema>;

/** `PATCH /api/admin/stories/{id}` body: any of the fields (`chapters` replaces the whole list). */
export const StoryPatchSchema = StoryFieldsSchema.partial().strict();

/** A story as the admin API answers it: its chapters carry their ids. */
export const AdminStorySchema = StoryFieldsSchema.extend({
  ...adminItemFields,
  chapters: z.array(StoryChapterInputSchema.required({ id: true })),
});
export type AdminStory = z.infer<typeof AdminStorySchema>;
export const AdminStoryResponseSchema = envelope(AdminStorySchema);
export const AdminStoryListResponseSchema = listEnvelope(AdminStorySchema);
