/**
 * The organization's content document: its settings and all its content in one versioned JSON file, the format of
 * `npm run content -- export|import <file.json>` and of `GET /api/admin/export` / `POST /api/admin/import`.
 *
 * - Each list holds items of one admin resource, each written with that resource's own contract
 *   (`src/contracts/admin/<resource>.ts`), so a document is validated by the very rules the console uses; an item
 *   is identified by its stable key (`key`, or the resource's `slug`, `fileId` or rank `code`), which makes an
 *   import idempotent: re-importing a document updates the items it names and creates the others.
 * - References name items by key, not by database id: every `mediaId` / `...MediaId` field names an entry of
 *   `media` by its key, and a playlist's `videoIds` name videos by slug. Ids are database-local; keys travel.
 * - A media entry carries its bytes as `data` (base64, in API documents) or as `file`, a path relative to the
 *   document (in files written by the command, the bytes sit beside the document).
 * Imports only zod.
 */
import { z } from 'zod';
import { envelope, TextSchema, TimestampSchema } from '../common';
import { ItemKeySchema } from './common';

/** The document's format name and version: a reader refuses any other. */
export const CONTENT_DOCUMENT_FORMAT = 'podium-content';
export const CONTENT_DOCUMENT_VERSION = 1;

/**
 * The lists of a content document, in import order (an item may refer only to lists before its own): each is
 * the admin resource of the same name (`carouselCards` is `carousel-cards`).
 */
export const CONTENT_DOCUMENT_LISTS = [
  'ranks',
  'consents',
  'videos',
  'playlists',
  'articles',
  'stories',
  'challenges',
  'sweepstakes',
  'activations',
  'benefits',
  'carouselCards',
  'downloads',
  'rewards',
] as const;
export type ContentDocumentList = (typeof CONTENT_DOCUMENT_LISTS)[number];

/** Longest base64 text of one media file: a 200 MB video (the largest upload) as base64. */
const MAX_MEDIA_BASE64_LENGTH = Math.ceil((200 * 1024 * 1024) / 3) * 4;

/**
 * One media file of the document. Its bytes follow the rules of an operator's upload (type read from the bytes,
 * never from `contentType`; size limits by kind; images stored re-encoded without metadata): else the import is 422
 * naming `media.<i>.data` or `media.<i>.file`.
 */
export const MediaEntrySchema = z
  .object({
    key: ItemKeySchema,
    /** Original file name, for operators. */
    name: TextSchema.max(200).nullable().default(null),
    contentType: z
      .string()
      .max(100)
      .regex(/^[a-z]+\/[a-z0-9.+-]+$/i, 'Not a media type'),
    /** Path of the bytes relative to the document (files written by `npm run content -- export`). */
    file: z
      .string()
      .max(200)
      .regex(/^[A-Za-z0-9._/-]{1,200}$/)
      .refine((p) => !p.split('/').includes('..'), 'Must stay beside the document')
      .optional(),
    /** The bytes, base64 (documents of the admin API). */
    data: z.base64().max(MAX_MEDIA_BASE64_LENGTH).optional(),
  })
  .strict()
  .refine((m) => (m.file === undefined) !== (m.data === undefined), 'Give the bytes as exactly one of file or data');
export type MediaEntry = z.infer<typeof MediaEntrySchema>;

/** Most media files, and most items of one list, in a document: far beyond a club's season of content. */
const MAX_DOCUMENT_ITEMS = 5000;

/** An item of a list: validated by its resource's contract when the document is imported. */
const ItemSchema = z.record(TextSchema.max(80), z.unknown());

export const ContentDocumentSchema = z
  .object({
    format: z.literal(CONTENT_DOCUMENT_FORMAT),
    version: z.literal(CONTENT_DOCUMENT_VERSION),
    exportedAt: TimestampSchema,
    /** The organization's settings (contract of `PATCH /api/admin/organization`), applied first. */
    organization: ItemSchema.optional(),
    media: z.array(MediaEntrySchema).max(MAX_DOCUMENT_ITEMS).default([]),
    ...(Object.fromEntries(CONTENT_DOCUMENT_LISTS.map((list) => [list, z.array(ItemSchema).max(MAX_DOCUMENT_ITEMS).default([])])) as Record<
      ContentDocumentList,
      z.ZodDefault<z.ZodArray<typeof ItemSchema>>
    >),
  })
  .strict();
export type ContentDocument = z.infer<typeof ContentDocumentSchema>;
/** `GET /api/admin/export` answer: the document, media bytes inline. */
export const ContentDocumentResponseSchema = envelope(ContentDocumentSchema);

/** What an import did, per list: items created, updated, and left as they were. */
export const ImportSummarySchema = z.object({
  created: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  unchanged: z.number().int().nonnegative(),
  lists: z.record(z.string(), z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() })),
});
export type ImportSummary = z.infer<typeof ImportSummarySchema>;
/** `POST /api/admin/import` answer. */
export const ImportSummaryResponseSchema = envelope(ImportSummarySchema);
