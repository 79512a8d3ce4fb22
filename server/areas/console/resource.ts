/**
 * One factory for the admin API's content resources (`/api/admin/<name>`): list (`GET /`, paginated, newest
 * first, `?q=` search over the resource's text columns, `?status=` by publishing status), read (`GET /{id}`),
 * create (`POST /` -> 201), update (`PATCH /{id}`: the patch is merged onto the stored item and the whole is
 * validated again with the create contract) and delete (`DELETE /{id}`: an item members already earned from or
 * answered is archived instead, so the ledger keeps its references; deleting an archived item again changes
 * nothing). Every change writes its audit-log entry in the same transaction. Bodies are validated with the
 * resource's shared zod contracts (422 naming the field, nothing saved); a media reference must name a media row
 * of the organization; a duplicate key or slug is 409.
 *
 * A resource describes its table, its contracts and three mappings (input -> row values, row -> input, row ->
 * item); child rows (a story's chapters, a playlist's videos, an activation's badges) are written by `afterWrite`
 * and read by `load`.
 */
import { contentStatusAt } from '../../../src/rules/content-status';
import { and, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import { z } from 'zod';
import { AdminListQuerySchema, DeletionResponseSchema, listEnvelope, type Deletion } from '../../../src/contracts/admin/common';
import { envelope, PathIdSchema } from '../../../src/contracts/common';
import { isUniqueViolation, type DbOrTx, type Tx } from '../../db/client';
import { media } from '../../db/schema';
import { changedFields, recordAudit, type Actor } from '../../kernel/audit';
import { conflict, notFound, validationFailed } from '../../lib/errors';
import { parseWith, sendData } from '../../lib/http';
import { declareRoute, routeGroup } from '../../lib/openapi';
import type { AppDeps } from '../../kernel/types';
import { statusCondition, type StatusColumns } from '../../kernel/content-status';
import { requireOperator } from './operator';
import { isUuid } from '../../lib/ids';
import { containsPattern } from '../../lib/like-pattern';
import { pageOf } from '../../lib/pagination';

/** A content table the factory can serve: rows have `id` and `organization_id`. */
type ResourceTable = PgTable & { id: PgColumn; organizationId: PgColumn };

/** What the factory hands a resource's hooks. */
export type ResourceContext = { tx: Tx; organizationId: string; now: Date; actor: Actor };

/**
 * A resource of the admin API.
 * - `Row`: the stored row with whatever `load` adds; `Input`: the create contract's output.
 */
export type AdminResource<Row extends { id: string }, Input extends Record<string, unknown>> = {
  /** URL segment and audit-log entity, e.g. `challenges`. */
  name: string;
  /** Singular noun used in messages, e.g. `Challenge`. */
  noun: string;
  table: ResourceTable;
  /** Full create contract (with cross-field rules). */
  input: z.ZodType<Input>;
  /** Patch contract: the fields, all optional, strict. */
  patch: z.ZodType<Partial<Input>>;
  /** Contract of an item as the admin API answers it (`toItem`), for the OpenAPI document. */
  item: z.ZodType;
  /** Text columns `?q=` searches (case-insensitive substring). */
  search: PgColumn[];
  /** Newest-first order of the list. */
  newest: PgColumn;
  status?: StatusColumns;
  /** Row values to insert / update (without `organizationId`). */
  toValues: (input: Input, ctx: ResourceContext, existing: Row | null) => Record<string, unknown>;
  /** The stored row as an input (what a patch is merged onto, and what the audit log compares). */
  toInput: (row: Row) => Input;
  /** The row as the admin API answers it. */
  toItem: (row: Row, now: Date) => Record<string, unknown>;
  /** Media ids the input refers to, with the field path to name when one does not exist. */
  mediaRefs?: (input: Input) => Array<{ path: string; id: string }>;
  /** More checks that need the database (e.g. a rank code exists); throw `validationFailed` naming the field. */
  check?: (input: Input, ctx: ResourceContext) => Promise<void>;
  /** Writes child rows after the row itself (e.g. chapters). */
  afterWrite?: (row: { id: string }, input: Input, ctx: ResourceContext) => Promise<void>;
  /** Reads stored rows with their children; defaults to the rows themselves. */
  load?: (db: DbOrTx, rows: Array<Record<string, unknown>>) => Promise<Row[]>;
  /** True when members earned from or answered the item: it is then archived, never deleted. */
  inUse?: (db: DbOrTx, id: string) => Promise<boolean>;
};

/**
 * The fields every admin item answers besides its input (`adminItemFields` of `src/contracts/admin/common.ts`): its
 * id, its status at `now` over its window (`contentStatusAt`; rows without a `draft` column are never drafts), and
 * `archivedAt` / `updatedAt` as ISO text.
 */
export function itemFields(
  row: { id: string; archivedAt: Date | null; draft?: boolean; updatedAt: Date },
  window: { start: Date | null; end: Date | null },
  now: Date,
) {
  return {
    id: row.id,
    status: contentStatusAt({ archivedAt: row.archivedAt, draft: row.draft ?? false, start: window.start, end: window.end }, now),
    archivedAt: row.archivedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The fields of a validated PATCH body that the client sent: zod fills absent fields with their defaults, which a
 * patch must not write. The body is read again from Hono's cache (the declaration's validator read it; an empty
 * body counts as `{}`).
 * @param patch the body as the route's declaration validated it (a contract's fields, all optional)
 */
export async function sentFields<T extends object>(c: Context, patch: T): Promise<Partial<T>> {
  const raw: unknown = await c.req.json();
  const sent = raw !== null && typeof raw === 'object' ? Object.keys(raw) : [];
  return Object.fromEntries(Object.entries(patch).filter(([key]) => sent.includes(key))) as Partial<T>;
}

/** Stored rows of `resource` with their children (`load`). */
export async function loadRows<Row extends { id: string }, Input extends Record<string, unknown>>(
  resource: AdminResource<Row, Input>,
  db: DbOrTx,
  rows: Array<Record<string, unknown>>,
): Promise<Row[]> {
  return resource.load ? resource.load(db, rows) : (rows as unknown as Row[]);
}

/**
 * The item `id` of the organization, with its children.
 * @throws ApiError 404 when it does not exist (or `id` is not a UUID)
 */
async function readItem<Row extends { id: string }, Input extends Record<string, unknown>>(
  resource: AdminResource<Row, Input>,
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<Row> {
  if (!isUuid(id)) throw notFound(`${resource.noun} not found`);
  const rows = await db
    .select()
    .from(resource.table)
    .where(and(eq(resource.table.id, id), eq(resource.table.organizationId, organizationId)));
  const [row] = await loadRows(resource, db, rows as Array<Record<string, unknown>>);
  if (!row) throw notFound(`${resource.noun} not found`);
  return row;
}

/**
 * Checks what a valid input refers to: its media exist in the organization, and the resource's own `check`.
 * @throws ApiError 422 naming each field whose media does not exist, or the resource's own 422
 */
async function checkReferences<Input extends Record<string, unknown>>(
  resource: AdminResource<{ id: string }, Input>,
  input: Input,
  ctx: ResourceContext,
): Promise<void> {
  const refs = resource.mediaRefs?.(input) ?? [];
  if (refs.length) {
    const ids = [...new Set(refs.map((r) => r.id))];
    const found = await ctx.tx
      .select({ id: media.id })
      .from(media)
      .where(and(inArray(media.id, ids), eq(media.organizationId, ctx.organizationId)));
    const known = new Set(found.map((r) => r.id));
    const missing = refs.filter((r) => !known.has(r.id));
    if (missing.length)
      throw validationFailed(
        'Invalid request body',
        missing.map((r) => ({ path: r.path, message: 'No such media' })),
      );
  }
  await resource.check?.(input, ctx);
}

/**
 * Creates an item from a validated input in `ctx.tx`, with its children and its audit entry.
 * @returns the stored row
 * @throws ApiError 422 for unknown references; the driver's unique violation for a duplicate key
 */
export async function createItem<Row extends { id: string }, Input extends Record<string, unknown>>(
  resource: AdminResource<Row, Input>,
  input: Input,
  ctx: ResourceContext,
): Promise<Row> {
  await checkReferences(resource as never, input, ctx);
  const [created] = (await ctx.tx
    .insert(resource.table)
    .values({ ...resource.toValues(input, ctx, null), organizationId: ctx.organizationId })
    .returning({ id: resource.table.id })) as Array<{ id: string }>;
  // An item created without a key gets the one its export would name it by, so a document matches it later.
  if ('key' in resource.table && input.key === null) {
    await ctx.tx
      .update(resource.table)
      .set({ key: `${resource.name}-${created.id.slice(0, 8)}` })
      .where(eq(resource.table.id, created.id));
  }
  await resource.afterWrite?.(created, input, ctx);
  const row = await readItem(resource, ctx.tx, ctx.organizationId, created.id);
  await recordAudit(ctx.tx, ctx.actor, {
    entity: resource.name,
    entityId: row.id,
    action: 'create',
    before: null,
    after: resource.toInput(row),
  });
  return row;
}

/**
 * Replaces a stored item by a validated input in `ctx.tx` (children included) and logs the changed fields
 * (nothing is logged when nothing changed).
 * @returns the stored row after the change
 * @throws ApiError 422 for unknown references; the driver's unique violation for a duplicate key
 */
export async function updateItem<Row extends { id: string }, Input extends Record<string, unknown>>(
  resource: AdminResource<Row, Input>,
  existing: Row,
  input: Input,
  ctx: ResourceContext,
): Promise<Row> {
  await checkReferences(resource as never, input, ctx);
  const values = resource.toValues(input, ctx, existing);
  await ctx.tx
    .update(resource.table)
    .set({ ...values, ...('updatedAt' in resource.table ? { updatedAt: ctx.now } : {}) })
    .where(and(eq(resource.table.id, existing.id), eq(resource.table.organizationId, ctx.organizationId)));
  await resource.afterWrite?.(existing, input, ctx);
  const row = await readItem(resource, ctx.tx, ctx.organizationId, existing.id);
  const diff = changedFields(resource.toInput(existing), resource.toInput(row));
  if (Object.keys(diff.after).length) {
    await recordAudit(ctx.tx, ctx.actor, { entity: resource.name, entityId: row.id, action: 'update', ...diff });
  }
  return row;
}

/**
 * Routes of one admin resource (mounted at `/api/admin/<name>` by `adminRoutes`), declared with the resource's
 * contracts: the declarations validate the query, the id and the body before the handlers run.
 * @throws (per request) 404 unknown id, 422 invalid body or unknown media, 409 duplicate key/slug
 */
export function adminResourceRoutes<Row extends { id: string }, Input extends Record<string, unknown>>(
  deps: AppDeps,
  resource: AdminResource<Row, Input>,
) {
  const { table } = resource;
  const load = (db: DbOrTx, rows: Array<Record<string, unknown>>) => loadRows(resource, db, rows);
  const readOne = (db: DbOrTx, organizationId: string, id: string) => readItem(resource, db, organizationId, id);

  /** Runs a change in one transaction; a duplicate key or slug is 409. */
  const change = async <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => {
    try {
      return await deps.db.transaction(fn);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`Another ${resource.noun.toLowerCase()} already has this key or slug`);
      throw error;
    }
  };

  const noun = resource.noun.toLowerCase();
  const tags = ['admin'];
  const itemResponse = envelope(resource.item);
  const id = { id: PathIdSchema };
  const notFoundError = `NotFound: no ${noun} of the organization has this id.`;

  /** `GET /`. */
  const listRoute = declareRoute({
    method: 'get',
    path: '/',
    summary: `Lists the ${resource.name}, newest first, with search, status filter and pages`,
    tags,
    auth: 'operator',
    query: AdminListQuerySchema,
    response: listEnvelope(resource.item),
  });

  /** `GET /{id}`. */
  const readRoute = declareRoute({
    method: 'get',
    path: '/{id}',
    summary: `One ${noun}`,
    tags,
    auth: 'operator',
    params: id,
    response: itemResponse,
    errors: { 404: notFoundError },
  });

  const createDoc = {
    summary: `Creates a ${noun}`,
    tags,
    auth: 'operator',
    body: resource.input,
    response: itemResponse,
    status: 201,
    errors: {
      409: 'Conflict: another item already has this key or slug.',
      422: 'ValidationFailed: the body breaks the contract, or names media the organization does not have (details name the fields).',
    },
  } as const;
  /** `POST /`. */
  const createRoute = declareRoute({ method: 'post', path: '/', ...createDoc });

  const updateDoc = {
    summary: `Updates a ${noun}: the fields sent are merged onto it and the whole is validated again`,
    tags,
    auth: 'operator',
    params: id,
    body: resource.patch,
    response: itemResponse,
    errors: {
      404: notFoundError,
      409: 'Conflict: another item already has this key or slug.',
      422: 'ValidationFailed: the merged item breaks the contract, or names media the organization does not have.',
    },
  } as const;
  /** `PATCH /{id}`. */
  const updateRoute = declareRoute({ method: 'patch', path: '/{id}', ...updateDoc });

  /** `DELETE /{id}`. */
  const deleteRoute = declareRoute({
    method: 'delete',
    path: '/{id}',
    summary: `Deletes a ${noun}, or archives it when members already earned from or answered it`,
    tags,
    auth: 'operator',
    params: id,
    response: DeletionResponseSchema,
    errors: { 404: notFoundError },
  });

  return routeGroup()
    .openapi(listRoute, async (c) => {
      const { organization } = requireOperator(c.get('principal'));
      const query = c.req.valid('query');
      const now = deps.clock();
      const conditions: SQL[] = [eq(table.organizationId, organization.id)];
      if (query.q) {
        const pattern = containsPattern(query.q);
        conditions.push(or(...resource.search.map((column) => ilike(column, pattern)))!);
      }
      if (query.status) conditions.push(statusCondition(resource.status ?? {}, query.status, now));
      const where = and(...conditions);
      const { rows, meta } = await pageOf(
        deps.db.select().from(table).where(where).orderBy(desc(resource.newest), desc(table.id)).$dynamic(),
        deps.db.$count(table, where),
        query,
      );
      const items = await load(deps.db, rows as Array<Record<string, unknown>>);
      return c.json({ data: items.map((row) => resource.toItem(row, now)), meta }, 200);
    })
    .openapi(readRoute, async (c) => {
      const { organization } = requireOperator(c.get('principal'));
      const row = await readOne(deps.db, organization.id, c.req.valid('param').id);
      return sendData(c, resource.toItem(row, deps.clock()));
    })
    .openapi(createRoute, async (c) => {
      const { organization, user } = requireOperator(c.get('principal'));
      const input = c.req.valid('json');
      const now = deps.clock();
      const item = await change(async (tx) => {
        const row = await createItem(resource, input, { tx, organizationId: organization.id, now, actor: user });
        return resource.toItem(row, now);
      });
      return sendData(c, item, 201);
    })
    .openapi(updateRoute, async (c) => {
      const { organization, user } = requireOperator(c.get('principal'));
      const patch = await sentFields(c, c.req.valid('json'));
      const { id: itemId } = c.req.valid('param');
      const now = deps.clock();
      const item = await change(async (tx) => {
        const existing = await readItem(resource, tx, organization.id, itemId);
        const input = parseWith(resource.input, { ...resource.toInput(existing), ...patch }, 'Invalid request body');
        const row = await updateItem(resource, existing, input, { tx, organizationId: organization.id, now, actor: user });
        return resource.toItem(row, now);
      });
      return sendData(c, item);
    })
    .openapi(deleteRoute, async (c) => {
      const { organization, user } = requireOperator(c.get('principal'));
      const { id: itemId } = c.req.valid('param');
      const now = deps.clock();
      const deletion = await change(async (tx): Promise<Deletion> => {
        const existing = await readOne(tx, organization.id, itemId);
        // Deleting an archived item again changes nothing: it keeps the time it was archived and logs no new entry.
        if ((existing as { archivedAt?: Date | null }).archivedAt) return { id: existing.id, archived: true };
        const before = resource.toInput(existing);
        const archive = resource.status?.archivedAt !== undefined && (await resource.inUse?.(tx, existing.id)) === true;
        if (archive) {
          await tx
            .update(table)
            .set({ archivedAt: now, ...('updatedAt' in table ? { updatedAt: now } : {}) })
            .where(eq(table.id, existing.id));
          await recordAudit(tx, user, {
            entity: resource.name,
            entityId: existing.id,
            action: 'archive',
            before: { archivedAt: null },
            after: { archivedAt: now.toISOString() },
          });
        } else {
          await tx.delete(table).where(eq(table.id, existing.id));
          await recordAudit(tx, user, { entity: resource.name, entityId: existing.id, action: 'delete', before, after: null });
        }
        return { id: existing.id, archived: archive };
      });
      return sendData(c, deletion);
    });
}
