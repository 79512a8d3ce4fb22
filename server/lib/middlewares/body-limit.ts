/**
 * The request body limit of every route that takes a body (the API's 1 MB, and the larger ones of uploads and
 * content documents), answering a body that is too large without losing its keep-alive connection.
 *
 * A request that declares its `Content-Length` (node's HTTP parser has already checked it is a number and holds the
 * request to it) is judged by that number without touching the body: asking for `c.req.raw.body` would make
 * `@hono/node-server` build a real undici Request for every request and lose its fast body reading (decision
 * 0063). A chunked body is counted as it is read.
 *
 * A refused body is not left unread: `@hono/node-server` drains what a response left unread for only 500 ms and then
 * destroys the socket, though the 413 said `Connection: keep-alive`, so a client still sending its body lost the
 * connection and the next request it had queued on it. The rest of a refused body is read and thrown away before
 * the 413 is sent, up to `DRAIN_MAX_BYTES` within `DRAIN_TIMEOUT_MS`; a body beyond either is answered with
 * `Connection: close`, so the client knows to open a new connection (decision 0073).
 */
import type { Context, MiddlewareHandler } from 'hono';

/** Most bytes of a refused body read and thrown away to keep its connection: a too-large photo or document. */
export const DRAIN_MAX_BYTES = 8 * 1024 * 1024;
/** Longest time spent reading the rest of a refused body, in milliseconds. */
const DRAIN_TIMEOUT_MS = 10_000;

/** `readWithin`'s limit for a body already refused by its declared length: none of it is kept. */
const REFUSED = -1;

/** A body read within the limit, or the outcome of a refused one: read to its end (drained) or given up. */
type ReadOutcome = { body: Uint8Array<ArrayBuffer> } | { drained: boolean };

/** The next chunk of `reader`, or 'timeout' when `deadline` (epoch ms) passes first. */
async function readBefore(reader: ReadableStreamDefaultReader<Uint8Array>, deadline: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([reader.read(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads `stream` to its end, keeping it while it stays within `maxSize` bytes. Past `maxSize` the bytes are thrown
 * away, at most `DRAIN_MAX_BYTES` of them within `DRAIN_TIMEOUT_MS`; the stream is left unread beyond either.
 * @param maxSize the largest body kept, in bytes; `REFUSED` to throw the whole body away
 * @returns the body when within `maxSize`, else whether the refused body was read to its end
 */
async function readWithin(stream: ReadableStream<Uint8Array>, maxSize: number): Promise<ReadOutcome> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let deadline: number | null = maxSize === REFUSED ? Date.now() + DRAIN_TIMEOUT_MS : null;
  for (;;) {
    const next = deadline === null ? await reader.read() : await readBefore(reader, deadline);
    if (next === 'timeout') return { drained: false };
    if (next.done) break;
    size += next.value.length;
    if (size <= maxSize) {
      chunks.push(next.value);
      continue;
    }
    if (deadline === null) {
      chunks.length = 0;
      deadline = Date.now() + DRAIN_TIMEOUT_MS;
    }
    if (size - Math.max(maxSize, 0) > DRAIN_MAX_BYTES) return { drained: false };
  }
  if (size > maxSize) return { drained: true };
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return { body };
}

/**
 * Middleware: answers `onError(c)` for a body over `maxSize` bytes, else continues (a counted chunked body is handed
 * on as read). The refused body is read to its end first when it can be (see the module doc), else the answer
 * carries `Connection: close`.
 * @param options.maxSize the largest accepted body, in bytes
 * @param options.onError the answer to a body that is too large (it may throw an `ApiError` instead)
 */
export function requestBodyLimit(options: { maxSize: number; onError: (c: Context) => Response | Promise<Response> }): MiddlewareHandler {
  const refuse = (c: Context, drained: boolean) => {
    if (!drained) c.header('Connection', 'close');
    return options.onError(c);
  };
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const declared = c.req.header('content-length');
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
      const length = Number(declared);
      if (length <= options.maxSize) return next();
      const stream = c.req.raw.body;
      if (length > DRAIN_MAX_BYTES || !stream) return refuse(c, false);
      const outcome = await readWithin(stream, REFUSED);
      return refuse(c, 'drained' in outcome && outcome.drained);
    }
    const stream = c.req.raw.body;
    if (!stream) return next();
    const outcome = await readWithin(stream, options.maxSize);
    if ('drained' in outcome) return refuse(c, outcome.drained);
    c.req.raw = new Request(c.req.raw, { body: outcome.body });
    return next();
  };
}
