/**
 * Answers of Node's HTTP parser in the API's error shape. A request Node cannot parse (headers over its limit, a
 * `Content-Length` that does not match the body, a malformed request line) never reaches Hono; by default Node
 * writes a bare `400 Bad Request` with no body. This gives those answers the `{error: {code, message}}` body every
 * other answer has (docs/decisions/0002), then closes the connection, as Node does.
 */
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '../../src/contracts/common';

/** Status, reason phrase, code and message for a parser error `code` (Node's `HPE_*` / `ERR_HTTP_*`). */
function describeClientError(code: string | undefined): { status: number; reason: string; code: ErrorCode; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      reason: 'Request Header Fields Too Large',
      code: 'RequestHeaderFieldsTooLarge',
      message: 'The request headers are too large',
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, reason: 'Request Timeout', code: 'RequestTimeout', message: 'The request took too long to arrive' };
  }
  return { status: 400, reason: 'Bad Request', code: 'BadRequest', message: 'The request is not valid HTTP' };
}

/**
 * Installs the `clientError` listener on `server` (the one `serve()` from @hono/node-server returns).
 * Takes the server; returns nothing. A socket that can no longer be written (reset by the client) is just destroyed.
 */
export function answerClientErrorsWithJson(server: Pick<Server, 'on'>): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || (error.code === 'ECONNRESET' && !socket.readable)) {
      socket.destroy();
      return;
    }
    const answer = describeClientError(error.code);
    const body = JSON.stringify({ error: { code: answer.code, message: answer.message } });
    socket.end(
      `HTTP/1.1 ${answer.status} ${answer.reason}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
