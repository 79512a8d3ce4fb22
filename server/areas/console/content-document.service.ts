/**
 * Export and import of the organization's content document (contract and format:
 * `src/contracts/admin/content-document.ts`). The importer runs in one transaction (all or nothing), validates
 * every item with its admin resource's own contract, lists every error with its JSON path, and is idempotent by
 * each item's key: it reuses the admin API's own `createItem` / `updateItem`, so an imported item obeys exactly
 * the rules of one written in the console and gets the same audit entries (plus one `import` entry).
 * The exporter writes items in key order with references by key, so export -> import into an empty database ->
 * export gives the same document (but for `exportedAt`).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import {
  CONTENT_DOCUMENT_FORMAT,
  CONTENT_DOCUMENT_LISTS,
  CONTENT_DOCUMENT_VERSION,
  ContentDocumentSchema,
  type ContentDocument,
  type ContentDocumentList,
  type ImportSummary,
  type MediaEntry,
} from '../../../src/contracts/admin/content-document';
import { isUniqueViolation, type DbOrTx, type Tx } from '../../db/client';
import { media, organizations } from '../../db/schema';
import { UPLOAD_CONTENT_TYPES } from '../../../src/contracts/admin/media';
import { AdminRankSchema } from '../../../src/contracts/admin/rank';
import { OrganizationSettingsSchema } from '../../../src/contracts/admin/organization';
import { organizationSettings, readOrganization, saveOrganizationSettings } from './organization.service';
import { listRanks, saveRankLadder } from './ranks.service';
import { validationFailed, ApiError } from '../../lib/errors';
import { findTooDeep } from '../../lib/json-depth';
import { issueDetails } from '../../lib/http';
import type { MediaStorage } from '../../lib/storage/media-object';
import { acceptMedia, type AcceptedMedia } from '../../kernel/media-intake';
import { createItem, loadRows, updateItem, type AdminResource, type ResourceContext } from './resource';
import { recordAudit, type Actor } from '../../kernel/audit';
import type { AppDeps } from '../../kernel/types';
import { DOCUMENT_RESOURCES, type DocumentResource } from './registry';

/** One problem of a document: its JSON path (`challenges.3.options`) and what is wrong. */
type DocumentIssue = { path: string; message: string };

/** Longest list of problems an import reports (the first ones). */
const MAX_ISSUES = 200;
/** Deepest nesting of a document, in levels (the document object is 1); real ones stay under 10. */
const MAX_DOCUMENT_DEPTH = 32;

/** True for a property holding a media reference: `mediaId` and every `...MediaId`. */
const isMediaField = (name: string) => name === 'mediaId' || /MediaId$/.test(name);
/**
 * Child lists whose rows have database ids (a story's chapters, an activation's badges): a document leaves their ids
 * out (they mean nothing in another database), and an import gives each child the id of the stored child at the
 * same position, so members' views and badges stay attached when a document is re-imported.
 */
const CHILD_LISTS = ['chapters', 'badges'] as const;

/** The item without its children's database ids (export). */
function withoutChildIds(item: Record<string, unknown>): Record<string, unknown> {
  const copy = { ...item };
  for (const list of CHILD_LISTS) {
    const children = copy[list];
    if (Array.isArray(children))
      copy[list] = children.map((child) =>
        child && typeof child === 'object' ? Object.fromEntries(Object.entries(child).filter(([k]) => k !== 'id')) : child,
      );
  }
  return copy;
}

/** The item with each child given the id of the stored child at its position (import into an existing item). */
function withStoredChildIds(item: Record<string, unknown>, stored: Record<string, unknown> | null): Record<string, unknown> {
  const copy = { ...item };
  for (const list of CHILD_LISTS) {
    const children = copy[list];
    if (!Array.isArray(children)) continue;
    const storedChildren = (stored?.[list] as Array<{ id?: unknown }> | undefined) ?? [];
    copy[list] = children.map((child, i) => {
      if (!child || typeof child !== 'object') return child;
      const { id: _ignored, ...rest } = child as Record<string, unknown>;
      const id = storedChildren[i]?.id;
      return typeof id === 'string' ? { id, ...rest } : rest;
    });
  }
  return copy;
}

/** Properties holding lists of video references (a playlist's videos). */
const isVideoListField = (name: string) => name === 'videoIds';

/**
 * The item with its video lists naming only `exported` video keys: an archived video stays out of a document (it
 * means something only beside the members who watched it), so a playlist that still holds it leaves it out too.
 */
function keepingVideos(item: Record<string, unknown>, exported: ReadonlySet<string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(item).map(([name, value]) => [
      name,
      isVideoListField(name) && Array.isArray(value) ? value.filter((key) => exported.has(key)) : value,
    ]),
  );
}

type RefKind = 'media' | 'video';
type RefMapper = (kind: RefKind, ref: string, path: string) => string;

/**
 * A copy of `value` with every media / video reference passed through `map` (ids -> keys on export, keys -> ids on
 * import), at any depth (a chapter's `mediaId`, an option's `mediaId`).
 */
function mapReferences(value: unknown, map: RefMapper, path: string): unknown {
  if (Array.isArray(value)) return value.map((item, i) => mapReferences(item, map, `${path}.${i}`));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, child]) => {
      const at = `${path}.${name}`;
      if (isMediaField(name) && typeof child === 'string') return [name, map('media', child, at)];
      if (isVideoListField(name) && Array.isArray(child)) {
        return [name, child.map((ref, i) => (typeof ref === 'string' ? map('video', ref, `${at}.${i}`) : ref))];
      }
      return [name, mapReferences(child, map, at)];
    }),
  );
}

/** Every ISO timestamp string in `value`, moved by `shiftMs`. */
function shiftTimestamps(value: unknown, shiftMs: number): unknown {
  if (typeof value === 'string') {
    return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(value)
      ? new Date(Date.parse(value) + shiftMs).toISOString()
      : value;
  }
  if (Array.isArray(value)) return value.map((item) => shiftTimestamps(item, shiftMs));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shiftTimestamps(v, shiftMs)]));
}

/**
 * The document with every content timestamp moved by `now - exportedAt`: each item keeps its place relative to the
 * moment of export (live, scheduled, ended), so the demo document is as fresh whenever it is seeded.
 */
function rebaseDocument(document: ContentDocument, now: Date): ContentDocument {
  const shift = now.getTime() - Date.parse(document.exportedAt);
  const lists = Object.fromEntries(CONTENT_DOCUMENT_LISTS.map((list) => [list, shiftTimestamps(document[list], shift)]));
  return { ...document, ...lists, exportedAt: now.toISOString() } as ContentDocument;
}

/** The key of an item as the document names it, e.g. `challenges-1a2b3c4d` for one created without a key. */
function itemKeyOf(entry: DocumentResource, input: Record<string, unknown>, id: string): string {
  const key = input[entry.keyField];
  return typeof key === 'string' && key !== '' ? key : `${entry.list}-${id.slice(0, 8)}`;
}

/** File name extension of a media type, for exported files. */
function extensionOf(contentType: string): string {
  const ext: Record<string, string> = {
    'image/svg+xml': 'svg',
    'image/png': 'png',
    'image/jpeg': 'jpg',
    'image/webp': 'webp',
    'image/gif': 'gif',
    'video/mp4': 'mp4',
    'video/webm': 'webm',
    'application/pdf': 'pdf',
  };
  return ext[contentType] ?? 'bin';
}

/**
 * The organization's content document.
 * @param options.mediaFiles `'inline'`: media bytes as base64 `data` (the admin API); `'files'`: as `file` paths
 *   `media/<key>.<ext>`, the bytes handed to `writeFile` (the command writes them beside the document)
 * @returns the document (items without a stored key get a derived one, so re-importing matches them)
 */
export async function exportContentDocument(
  db: DbOrTx,
  options: {
    organizationId: string;
    storage: MediaStorage;
    now: Date;
    mediaFiles: 'inline' | { writeFile: (path: string, bytes: Uint8Array) => Promise<void> };
  },
): Promise<ContentDocument> {
  const { organizationId } = options;
  const mediaIds = new Set<string>();
  const videoKeys = new Map<string, string>();
  const lists: Partial<Record<ContentDocumentList, Record<string, unknown>[]>> = {};
  const pending: Array<{ list: ContentDocumentList; items: Record<string, unknown>[] }> = [];

  for (const entry of DOCUMENT_RESOURCES) {
    const resource = entry.resource as AdminResource<{ id: string }, Record<string, unknown>>;
    const { table } = resource;
    const archived = resource.status?.archivedAt;
    const rows = await db
      .select()
      .from(table)
      .where(and(eq(table.organizationId, organizationId), archived ? isNull(archived) : undefined))
      .orderBy(asc(table.id));
    const loaded = await loadRows(resource, db, rows as Array<Record<string, unknown>>);
    const items = loaded.map((row) => {
      const input = resource.toInput(row);
      const key = itemKeyOf(entry, input, row.id);
      if (entry.list === 'videos') videoKeys.set(row.id, key);
      return withoutChildIds({ ...input, [entry.keyField]: key });
    });
    pending.push({ list: entry.list, items });
  }

  const [organizationRow] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  const settings = organizationSettings(organizationRow) as unknown as Record<string, unknown>;
  const collect: RefMapper = (kind, ref) => {
    if (kind === 'media') mediaIds.add(ref);
    return ref;
  };
  mapReferences(settings, collect, 'organization');
  for (const { items } of pending) mapReferences(items, collect, '');
  const mediaRows = mediaIds.size
    ? await db
        .select()
        .from(media)
        // The organization's own media, and shared ones it uses (a logo stored without an organization).
        .where(and(or(eq(media.organizationId, organizationId), isNull(media.organizationId)), inArray(media.id, [...mediaIds])))
    : [];
  const mediaKeys = new Map(mediaRows.map((row) => [row.id, row.key ?? `media-${row.id.slice(0, 8)}`]));
  const toKey: RefMapper = (kind, ref) => (kind === 'media' ? mediaKeys.get(ref) : videoKeys.get(ref)) ?? ref;
  const exportedVideos = new Set(videoKeys.values());
  for (const { list, items } of pending) {
    const keyField = DOCUMENT_RESOURCES.find((e) => e.list === list)!.keyField;
    lists[list] = items
      .map((item) => keepingVideos(mapReferences(item, toKey, list) as Record<string, unknown>, exportedVideos))
      .sort((a, b) => String(a[keyField]).localeCompare(String(b[keyField])));
  }

  const entries: MediaEntry[] = [];
  for (const row of [...mediaRows].sort((a, b) => mediaKeys.get(a.id)!.localeCompare(mediaKeys.get(b.id)!))) {
    const key = mediaKeys.get(row.id)!;
    const bytes = row.storageKey ? await options.storage.get(row.storageKey) : row.bytes;
    if (!bytes) continue;
    if (options.mediaFiles === 'inline') {
      entries.push({ key, name: row.name, contentType: row.contentType, data: Buffer.from(bytes).toString('base64') });
    } else {
      const file = `media/${key}.${extensionOf(row.contentType)}`;
      await options.mediaFiles.writeFile(file, bytes);
      entries.push({ key, name: row.name, contentType: row.contentType, file });
    }
  }

  lists.ranks = (await listRanks({ db }, organizationId)) as unknown as Record<string, unknown>[];
  return {
    format: CONTENT_DOCUMENT_FORMAT,
    version: CONTENT_DOCUMENT_VERSION,
    exportedAt: options.now.toISOString(),
    organization: mapReferences(settings, toKey, 'organization') as Record<string, unknown>,
    media: entries,
    ...(Object.fromEntries(CONTENT_DOCUMENT_LISTS.map((list) => [list, lists[list] ?? []])) as Record<
      ContentDocumentList,
      Record<string, unknown>[]
    >),
  };
}

/** Collects problems up to `MAX_ISSUES`, then throws them all as one 422. */
class Issues {
  readonly list: DocumentIssue[] = [];
  add(path: string, message: string) {
    if (this.list.length < MAX_ISSUES) this.list.push({ path, message });
  }
  throwIfAny() {
    if (this.list.length) throw validationFailed(`The document has ${this.list.length} problem(s); nothing was imported`, this.list);
  }
}

/**
 * Upserts the document's media by key, each through the uploads' gate (`acceptMedia`); a refused one is a problem at
 * its path (`media.3.data`). Returns key -> id of every media entry.
 */
async function importMedia(
  tx: Tx,
  organizationId: string,
  entries: MediaEntry[],
  readFile: ((path: string) => Promise<Uint8Array>) | null,
  issues: Issues,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const existing = entries.length
    ? await tx
        .select({ id: media.id, key: media.key, contentType: media.contentType, bytes: media.bytes })
        .from(media)
        .where(
          and(
            eq(media.organizationId, organizationId),
            inArray(
              media.key,
              entries.map((e) => e.key),
            ),
          ),
        )
    : [];
  const byKey = new Map(existing.map((row) => [row.key!, row]));
  for (const [i, entry] of entries.entries()) {
    let bytes: Buffer;
    if (entry.data !== undefined) bytes = Buffer.from(entry.data, 'base64');
    else if (readFile) {
      try {
        bytes = Buffer.from(await readFile(entry.file!));
      } catch {
        issues.add(`media.${i}.file`, `Cannot read ${entry.file}`);
        continue;
      }
    } else {
      issues.add(`media.${i}.file`, 'Send the bytes as data: the server cannot read files beside an uploaded document');
      continue;
    }
    const found = byKey.get(entry.key);
    // The very bytes already stored under this key, of a type on the upload list, passed the gate when they were
    // stored: nothing to write. (A row stored before the gate, an SVG say, goes through it like a new file.)
    if (found?.bytes && found.contentType in UPLOAD_CONTENT_TYPES && Buffer.from(found.bytes).equals(bytes)) {
      ids.set(entry.key, found.id);
      continue;
    }
    // The uploads' gate: type sniffed from the bytes and on the upload list, size limit of its kind, images
    // re-encoded without metadata. The declared `contentType` is not trusted.
    let accepted: AcceptedMedia;
    try {
      accepted = await acceptMedia(bytes);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      issues.add(`media.${i}.${entry.data !== undefined ? 'data' : 'file'}`, error.message);
      continue;
    }
    const values = {
      contentType: accepted.contentType,
      bytes: Buffer.from(accepted.bytes),
      sizeBytes: accepted.bytes.length,
      width: accepted.width,
      height: accepted.height,
      name: entry.name,
    };
    if (found) {
      ids.set(entry.key, found.id);
      await tx
        .update(media)
        .set({ ...values, storageKey: null })
        .where(eq(media.id, found.id));
    } else {
      const [row] = await tx
        .insert(media)
        .values({ organizationId, key: entry.key, ...values })
        .returning({ id: media.id });
      ids.set(entry.key, row.id);
    }
  }
  return ids;
}

/** The message of a document that breaks the content document's contract (422 ValidationFailed). */
export const NOT_A_CONTENT_DOCUMENT = 'The document is not a Podium content document';

/**
 * Imports a content document into the organization, in one transaction.
 * @param input the parsed JSON (validated here)
 * @param options.readFile reads a media `file` relative to the document (the command), or null (the admin API)
 * @param options.rebase move content dates so the document's `exportedAt` is today (the demo seed)
 * @returns what was created, updated and left unchanged, per list
 * @throws ApiError 422 ValidationFailed listing every problem with its JSON path, or where it nests deeper than 32
 *   levels; nothing is written then
 */
export async function importContentDocument(db: DbOrTx, input: unknown, options: ImportOptions): Promise<ImportSummary> {
  assertShallow(input);
  const parsed = ContentDocumentSchema.safeParse(input);
  if (!parsed.success) {
    throw validationFailed(NOT_A_CONTENT_DOCUMENT, issueDetails(parsed.error));
  }
  return importParsedDocument(db, parsed.data, options);
}

/** How a document is imported: where, by whom, when, and how its media files are read. */
type ImportOptions = {
  organizationId: string;
  actor: Actor;
  now: Date;
  readFile: ((path: string) => Promise<Uint8Array>) | null;
  rebase?: boolean;
};

/**
 * Bounds a document's depth before anything walks it: its items are checked by their resources' contracts only
 * once their references are mapped, and the mapping recurses.
 * @throws ApiError 422 ValidationFailed naming where it nests deeper than 32 levels
 */
function assertShallow(input: unknown): void {
  const tooDeep = findTooDeep(input, MAX_DOCUMENT_DEPTH);
  if (tooDeep)
    throw validationFailed('The document nests too deep', [
      { path: tooDeep.path, message: `Nested deeper than ${MAX_DOCUMENT_DEPTH} levels` },
    ]);
}

/** `importContentDocument` of a document already parsed with `ContentDocumentSchema` and bounded (`assertShallow`). */
async function importParsedDocument(db: DbOrTx, parsed: ContentDocument, options: ImportOptions): Promise<ImportSummary> {
  const document = options.rebase ? rebaseDocument(parsed, options.now) : parsed;
  const { organizationId, now } = options;
  const summary: ImportSummary = { created: 0, updated: 0, unchanged: 0, lists: {} };

  await db.transaction(async (tx) => {
    const issues = new Issues();
    const ctx: ResourceContext = { tx, organizationId, now, actor: options.actor };
    /** Records a 422 of a save as problems under `path`; rethrows anything else. */
    const collect422 = (error: unknown, path: string): null => {
      if (!(error instanceof ApiError) || error.status !== 422) throw error;
      const details = (error.details as DocumentIssue[] | undefined) ?? [{ path: '', message: error.message }];
      for (const d of details) issues.add([path, d.path].filter(Boolean).join('.'), d.message);
      return null;
    };
    const mediaIds = await importMedia(tx, organizationId, document.media, options.readFile, issues);
    const videoIds = new Map<string, string>();
    const mediaToId: RefMapper = (_kind, ref, at) => {
      const id = mediaIds.get(ref);
      if (id === undefined) issues.add(at, `No media with key ${ref} in the document`);
      return id ?? ref;
    };

    if (document.organization) {
      const settings = OrganizationSettingsSchema.safeParse(mapReferences(document.organization, mediaToId, 'organization'));
      if (!settings.success)
        for (const issue of settings.error.issues) issues.add(['organization', ...issue.path].join('.'), issue.message);
      else if (!issues.list.length) {
        await saveOrganizationSettings(tx, await readOrganization(tx, organizationId), settings.data, options.actor).catch((error) =>
          collect422(error, 'organization'),
        );
      }
    }
    const rankItems = document.ranks.flatMap((raw, i) => {
      const rank = AdminRankSchema.safeParse(raw);
      if (rank.success) return [rank.data];
      for (const issue of rank.error.issues) issues.add(['ranks', i, ...issue.path].join('.'), issue.message);
      return [];
    });
    if (rankItems.length && !issues.list.length) {
      const changed = await saveRankLadder(tx, organizationId, rankItems, options.actor).catch((error) => collect422(error, 'ranks'));
      summary.lists.ranks = { created: 0, updated: changed ?? 0, unchanged: rankItems.length - (changed ?? 0) };
      summary.updated += changed ?? 0;
      summary.unchanged += rankItems.length - (changed ?? 0);
    }

    for (const entry of DOCUMENT_RESOURCES) {
      const resource = entry.resource as AdminResource<{ id: string }, Record<string, unknown>>;
      const counts = { created: 0, updated: 0, unchanged: 0 };
      const items = document[entry.list];
      // Matched by the key the export names them by: their stored key, or the one derived from the id.
      const stored = await loadRows(
        resource,
        tx,
        (await tx.select().from(resource.table).where(eq(resource.table.organizationId, organizationId))) as Array<Record<string, unknown>>,
      );
      const storedByKey = new Map(stored.map((row) => [itemKeyOf(entry, resource.toInput(row), row.id), row]));
      if (entry.list === 'videos') for (const [key, row] of storedByKey) videoIds.set(key, row.id);

      for (const [i, raw] of items.entries()) {
        const path = `${entry.list}.${i}`;
        const key = raw[entry.keyField];
        if (typeof key !== 'string' || key === '') {
          issues.add(`${path}.${entry.keyField}`, 'Every item needs its key');
          continue;
        }
        const toId: RefMapper = (kind, ref, at) => {
          const id = (kind === 'media' ? mediaIds : videoIds).get(ref);
          if (id === undefined)
            issues.add(at, kind === 'media' ? `No media with key ${ref} in the document` : `No video ${ref} in the document`);
          return id ?? ref;
        };
        const existingRow = storedByKey.get(key);
        const resolved = withStoredChildIds(
          mapReferences(raw, toId, path) as Record<string, unknown>,
          existingRow ? resource.toInput(existingRow) : null,
        );
        const result = resource.input.safeParse(resolved);
        if (!result.success) {
          for (const issue of result.error.issues) issues.add([path, ...issue.path].join('.'), issue.message);
          continue;
        }
        if (issues.list.length) {
          // Keep validating, but write nothing once anything is wrong; later lists may still name this video.
          if (entry.list === 'videos' && !videoIds.has(key)) videoIds.set(key, randomUUID());
          continue;
        }
        try {
          const existing = existingRow;
          if (existing) {
            const before = JSON.stringify(resource.toInput(existing));
            const row = await updateItem(resource, existing, result.data, ctx);
            if (JSON.stringify(resource.toInput(row)) === before) counts.unchanged++;
            else counts.updated++;
          } else {
            const row = await createItem(resource, result.data, ctx);
            if (entry.list === 'videos') videoIds.set(key, row.id);
            counts.created++;
          }
        } catch (error) {
          // A duplicate key aborts the transaction: report it on its item and stop.
          if (isUniqueViolation(error)) {
            issues.add(path, `Another item of ${entry.list} already has this key or slug`);
            issues.throwIfAny();
          }
          if (error instanceof ApiError && error.status === 422) {
            const details = (error.details as DocumentIssue[] | undefined) ?? [{ path: '', message: error.message }];
            for (const d of details) issues.add([path, d.path].filter(Boolean).join('.'), d.message);
            continue;
          }
          throw error;
        }
      }
      summary.lists[entry.list] = counts;
      summary.created += counts.created;
      summary.updated += counts.updated;
      summary.unchanged += counts.unchanged;
    }
    issues.throwIfAny();
    await recordAudit(tx, options.actor, {
      entity: 'content',
      entityId: null,
      action: 'import',
      before: null,
      after: { created: summary.created, updated: summary.updated, unchanged: summary.unchanged, media: document.media.length },
    });
  });
  return summary;
}

/**
 * The content document of `organizationId` as the admin API sends it: now, with the media bytes inline
 * (`exportContentDocument`).
 * @returns the document
 */
export function exportDocumentInline(deps: Pick<AppDeps, 'db' | 'storage' | 'clock'>, organizationId: string): Promise<ContentDocument> {
  return exportContentDocument(deps.db, { organizationId, storage: deps.storage, now: deps.clock(), mediaFiles: 'inline' });
}

/**
 * Imports a document sent to the admin API and parsed by its route's declaration into `organizationId` by `actor`
 * (`importContentDocument`, media inline: no files to read beside it), all or nothing.
 * @returns what was created, updated and left unchanged, per list
 * @throws ApiError 422 ValidationFailed listing every problem with its JSON path; nothing is written then
 */
export function importDocumentInline(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  organizationId: string,
  actor: Actor,
  document: ContentDocument,
): Promise<ImportSummary> {
  assertShallow(document);
  return importParsedDocument(deps.db, document, { organizationId, actor, now: deps.clock(), readFile: null });
}
