/**
 * The console's calls to the admin API (`/api/admin/...`, operators only), built on the app's one HTTP client:
 * paginated lists (`{data, meta: {page, pageSize, total}}`), items, create / update / delete with the lists
 * invalidated afterwards, media uploads (multipart), the audit log, the organization's settings and the content
 * document (export / import). None of it is persisted to IndexedDB (`meta.persist: false`): the console is an
 * online tool and operator data has no business in a fan's offline cache.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, createIdempotencyKey, type Envelope } from '../../../api/client';
import { requestData } from '../../../api/data';
import { AdminMediaResponseSchema, type AdminMedia } from '../../../contracts/admin/media';
import type { AuditEntry, ContentStatus, Deletion, PageMeta } from '../../../contracts/admin/common';

/** One list page as the admin API answers it. */
interface AdminPage<T> {
  data: T[];
  /** Absent for the lists the API answers whole (ranks). */
  meta?: PageMeta;
}

/** The list query of a console page: search text, status filter and page (1-based). */
export interface ListQuery {
  q?: string;
  status?: ContentStatus;
  page?: number;
}

/** An item of any admin resource: its id, and (for content) its publishing status. */
export interface AdminItem {
  id: string;
  status?: ContentStatus;
  archivedAt?: string | null;
  updatedAt?: string;
  [field: string]: unknown;
}

/** Rows per console list page. */
export const PAGE_SIZE = 20;

const noPersist = { persist: false } as const;

/** Query keys: everything of the console lives under `['admin']`, each resource under `['admin', path]`. */
export const adminKeys = {
  all: ['admin'] as const,
  resource: (path: string) => ['admin', path] as const,
  list: (path: string, query: ListQuery) => ['admin', path, 'list', query] as const,
  item: (path: string, id: string) => ['admin', path, 'item', id] as const,
};

/** The contract of a list answer (`Admin*ListResponseSchema`), checked when the resource has one. */
export type ListAnswerSchema = z.ZodType<{ data: object[]; meta?: PageMeta }>;
/** The contract of one item's answer (`Admin*ResponseSchema`, the `{data}` envelope), checked when given. */
type ItemAnswerSchema<T> = z.ZodType<Envelope<T>>;

/**
 * Query options of one list page of `/api/admin/{path}`. Takes the resource path, the list query and, when the
 * resource has a contract, its list answer's schema (an answer of another shape is an `InvalidResponseError`); the
 * previous page stays on screen while the next one loads.
 */
export function adminListQueryOptions<T extends AdminItem>(path: string, query: ListQuery, schema?: ListAnswerSchema) {
  return queryOptions({
    queryKey: adminKeys.list(path, query),
    queryFn: ({ signal }) =>
      apiRequest<AdminPage<T>>(`/admin/${path}`, {
        query: { q: query.q || undefined, status: query.status, page: query.page ?? 1, pageSize: PAGE_SIZE },
        schema: schema as z.ZodType<AdminPage<T>> | undefined, // the answer's items are the resource's, `T`
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: noPersist,
  });
}

/** Query options of one item `/api/admin/{path}/{id}`, its answer checked with `schema` when given. */
export function adminItemQueryOptions<T extends AdminItem>(path: string, id: string, schema?: ItemAnswerSchema<T>) {
  return queryOptions({
    queryKey: adminKeys.item(path, id),
    queryFn: async ({ signal }) => (await apiRequest<Envelope<T>>(`/admin/${path}/${encodeURIComponent(id)}`, { schema, signal })).data,
    meta: noPersist,
  });
}

/** What a save sends: the item's id when it exists (PATCH), else none (POST), and the body. */
interface SaveVariables {
  id?: string;
  body: object;
}

/**
 * Mutation saving an item of `/api/admin/{path}`: `POST` without an id (201 `{data}`), `PATCH /{id}` with one.
 * On success the resource's lists and items are invalidated, and the saved item is put in the cache.
 * The answer is checked with `schema` when given. Errors are the client's typed errors (a 422 `ApiError` carries
 * `details[].path`).
 */
export function useSaveItem<T extends AdminItem>(path: string, schema?: ItemAnswerSchema<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: SaveVariables) =>
      (
        await apiRequest<Envelope<T>>(id ? `/admin/${path}/${encodeURIComponent(id)}` : `/admin/${path}`, {
          method: id ? 'PATCH' : 'POST',
          body,
          schema,
          idempotencyKey: createIdempotencyKey(),
        })
      ).data,
    onSuccess: async (item) => {
      if (item.id) queryClient.setQueryData(adminKeys.item(path, item.id), item);
      await queryClient.invalidateQueries({ queryKey: adminKeys.resource(path) });
      await queryClient.invalidateQueries({ queryKey: adminKeys.resource('audit-log') });
    },
  });
}

/**
 * Mutation deleting an item of `/api/admin/{path}`; resolves with `{id, archived}` (archived instead of deleted when
 * members already answered or earned from it). Lists are invalidated afterwards.
 */
export function useDeleteItem(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      requestData<Deletion>(`/admin/${path}/${encodeURIComponent(id)}`, { method: 'DELETE', idempotencyKey: createIdempotencyKey() }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.resource(path) });
      await queryClient.invalidateQueries({ queryKey: adminKeys.resource('audit-log') });
    },
  });
}

/**
 * Uploads one file to `POST /api/admin/media` (multipart/form-data, field `file`); the server sniffs and resizes it.
 * Resolves with the stored media, its answer checked with `AdminMediaResponseSchema`. Throws the client's typed errors (413 too large, 415/422 not an accepted type).
 */
export async function uploadMedia(file: File): Promise<AdminMedia> {
  const form = new FormData();
  form.append('file', file);
  return (
    await apiRequest('/admin/media', {
      method: 'POST',
      body: form,
      schema: AdminMediaResponseSchema,
      idempotencyKey: createIdempotencyKey(),
    })
  ).data;
}

/** The audit-log query: entity, operator and page. */
export interface AuditQuery {
  entity?: string;
  actorUserId?: string;
  page?: number;
}

/** Query options of one page of `GET /api/admin/audit-log?entity=&actorUserId=&page=&pageSize=`. */
export function auditLogQueryOptions(query: AuditQuery) {
  return queryOptions({
    queryKey: ['admin', 'audit-log', 'list', query] as const,
    queryFn: ({ signal }) =>
      apiRequest<AdminPage<AuditEntry>>('/admin/audit-log', {
        query: {
          entity: query.entity || undefined,
          actorUserId: query.actorUserId || undefined,
          page: query.page ?? 1,
          pageSize: PAGE_SIZE,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    meta: noPersist,
  });
}

/** Query options of the organization's settings, `GET /api/admin/organization`. */
export function organizationSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'organization', 'item', 'current'] as const,
    queryFn: ({ signal }) => requestData<AdminItem>('/admin/organization', { signal }),
    meta: noPersist,
  });
}

/** Mutation saving the organization's settings (`PATCH /api/admin/organization`); refreshes the fan app's copy too. */
export function useSaveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      requestData<AdminItem>('/admin/organization', { method: 'PATCH', body, idempotencyKey: createIdempotencyKey() }),
    onSuccess: async (item) => {
      queryClient.setQueryData(['admin', 'organization', 'item', 'current'], item);
      await queryClient.invalidateQueries({ queryKey: ['organization'] });
      await queryClient.invalidateQueries({ queryKey: adminKeys.resource('audit-log') });
    },
  });
}

/** Downloads the whole content document, `GET /api/admin/export` (`{data: document}`, media inline); resolves with its JSON text. */
export async function exportContent(): Promise<string> {
  const document = await requestData<unknown>('/admin/export');
  return JSON.stringify(document, null, 2);
}

/**
 * Imports a content document, `POST /api/admin/import` (one transaction: all or nothing). Takes the parsed JSON;
 * resolves with the server's summary. A refused document is a 422 `ApiError` whose `details[].path` names the items.
 */
export function importContent(document: unknown): Promise<unknown> {
  return requestData<unknown>('/admin/import', { method: 'POST', body: document, idempotencyKey: createIdempotencyKey() });
}
