/**
 * What most request modules do around the HTTP client, written once: unwrap the `{data}` envelope of an answer
 * (ARCHITECTURE §5), build the query options of such a GET, and show a list's cached copy of an item while the
 * item itself loads (pages opened from a list, and offline). Query keys still come from each module's own
 * `getXQueryOptions` factory.
 */
import { queryOptions, useQuery, useQueryClient, type DataTag, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { apiRequest, type Envelope } from './client';

/** The options of `apiRequest` a request module passes (method, body, query, auth, Idempotency-Key, signal). */
type DataRequestOptions = Omit<NonNullable<Parameters<typeof apiRequest>[1]>, 'schema'>;

/**
 * Calls `path` with `options` and returns the `data` of the answer's envelope.
 * @throws the client's typed errors (`ApiError` and its subclasses, `NetworkError`)
 */
export async function requestData<T>(path: string, options: DataRequestOptions = {}): Promise<T> {
  const { data } = await apiRequest<Envelope<T>>(path, options);
  return data;
}

/**
 * Posts a content award (spec §7 `POST /content/...`: a video view, an article read, a story chapter view) to
 * `path` with the body `{checksum: ''}` the spec gives and the queued action's `idempotencyKey`; returns `data`.
 * @throws the client's typed errors
 */
export function postContentAward<T>(path: string, idempotencyKey: string): Promise<T> {
  return requestData<T>(path, { method: 'POST', body: { checksum: '' }, idempotencyKey });
}

/**
 * Query options of a GET answering `{data}`: key `queryKey`, and a query function that calls `path` with `request`
 * (auth, query string; a function is called at each fetch, for options that depend on the session then) and the
 * query's abort signal, and returns `data` typed `T`. Spread more options (staleTime, placeholder) onto the result
 * where a query needs them.
 */
export function dataQueryOptions<T>(
  queryKey: QueryKey,
  path: string,
  request: Omit<DataRequestOptions, 'signal'> | (() => Omit<DataRequestOptions, 'signal'>) = {},
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => requestData<T>(path, { ...(typeof request === 'function' ? request() : request), signal }),
  });
}

/**
 * `useQuery(options)` for one item whose placeholder is its copy in the cached list under `listKey` (the first
 * item `isItem` accepts), so a page opened from its list shows at once and offline. Returns the query result.
 */
export function useItemQuery<T, K extends QueryKey>(
  options: UseQueryOptions<T, Error, T, K>,
  listKey: DataTag<QueryKey, T[], Error>,
  isItem: (item: T) => boolean,
) {
  const queryClient = useQueryClient();
  // Asserted: the item type stays generic here, so TanStack's guard against function-typed data cannot resolve.
  const placeholderData = (() => queryClient.getQueryData(listKey)?.find(isItem)) as UseQueryOptions<T, Error, T, K>['placeholderData'];
  return useQuery({ ...options, placeholderData });
}
