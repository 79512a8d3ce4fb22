/**
 * What Node's HTTP layer answers before a request reaches the app: requests it cannot parse get the API's error
 * shape instead of a bare status line, HEAD works on GET routes, and a body over the limit
 * is answered 413 without losing the keep-alive connection. A real server on a loopback port, raw requests over
 * a socket.
 */
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema } from '../../src/contracts/common';
import { answerClientErrorsWithJson } from '../../server/lib/client-errors';
import { DRAIN_MAX_BYTES } from '../../server/lib/middlewares/body-limit';
import { createTestContext, ORG_KEY, type TestContext } from './helpers';

let t: TestContext;
let server: Server;
let port: number;

beforeAll(async () => {
  t = await createTestContext();
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve()) as Server;
  });
  answerClientErrorsWithJson(server);
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/**
 * Sends `raw` bytes and resolves with everything the server wrote until it closed the connection (every request
 * here ends with the server closing: an error answer, or `Connection: close`). The socket is not half-closed
 * first, so a slow answer is not cut short.
 */
function rawRequest(raw: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = received.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: rest.join('\r\n\r\n') });
    });
    socket.write(raw);
  });
}

describe("Node's HTTP layer answers in the API's error shape", () => {
  it('headers over the size limit are 431 with a JSON error', async () => {
    const res = await rawRequest(`GET /api/organization/current HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(ApiErrorBodySchema.parse(JSON.parse(res.body)).error.code).toBe('RequestHeaderFieldsTooLarge');
  });

  it('a Content-Length that is not a number is 400 with a JSON error', async () => {
    const res = await rawRequest('POST /api/checkin HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n{}');
    expect(res.status).toBe(400);
    expect(ApiErrorBodySchema.parse(JSON.parse(res.body)).error.code).toBe('BadRequest');
  });

  it('a malformed request line is 400 with a JSON error', async () => {
    const res = await rawRequest('NOT HTTP AT ALL\r\n\r\n');
    expect(res.status).toBe(400);
    expect(ApiErrorBodySchema.parse(JSON.parse(res.body)).error.message).toMatch(/not valid HTTP/);
  });

  it('HEAD on a GET route answers its status and headers without a body', async () => {
    const res = await rawRequest(
      `HEAD /api/organization/current HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ORG_KEY}\r\nConnection: close\r\n\r\n`,
    );
    const get = await rawRequest(
      `GET /api/organization/current HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ORG_KEY}\r\nConnection: close\r\n\r\n`,
    );
    expect(get.status).toBe(200);
    expect(res.status).toBe(200);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(res.body).toBe('');
  });
});

type RawResponse = { status: number; headers: string; body: string };

/**
 * A keep-alive connection that sends raw bytes and collects every complete answer (each with a Content-Length),
 * in order. `closed` tells whether the server closed it.
 */
function keepAliveConnection() {
  const socket = connect(port, '127.0.0.1');
  socket.setEncoding('latin1');
  const responses: RawResponse[] = [];
  let buffer = '';
  let closed = false;
  let notify = () => undefined as void;
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) break;
      const headers = buffer.slice(0, end);
      const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? 0);
      if (buffer.length < end + 4 + length) break;
      responses.push({ status: Number(headers.split(' ')[1]), headers, body: buffer.slice(end + 4, end + 4 + length) });
      buffer = buffer.slice(end + 4 + length);
    }
    notify();
  });
  socket.on('error', () => undefined);
  socket.on('close', () => {
    closed = true;
    notify();
  });
  return {
    socket,
    responses,
    get closed() {
      return closed;
    },
    /** Resolves once `count` answers arrived or the server closed the connection. */
    until: (count: number) =>
      new Promise<void>((resolve) => {
        notify = () => {
          if (responses.length >= count || closed) resolve();
        };
        notify();
      }),
    /** Writes `bytes` in pieces of 64 KB, one per event-loop turn of a timer: a client on a slower link than loopback. */
    async writeSlowly(bytes: string) {
      for (let i = 0; i < bytes.length; i += 65_536) {
        socket.write(bytes.slice(i, i + 65_536));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

const secondRequest = `GET /api/organization/current HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ORG_KEY}\r\n\r\n`;
const oversizeHead = `PATCH /api/user/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ORG_KEY}\r\nContent-Type: application/json\r\n`;

describe('a body over the limit keeps its keep-alive connection', () => {
  it('a 3 MB body with Content-Length sent over a second is 413, and the next request on the connection is answered 200', async () => {
    const connection = keepAliveConnection();
    const body = `{"firstName":"${'x'.repeat(3_000_000)}"}`;
    connection.socket.write(`${oversizeHead}Content-Length: ${body.length}\r\n\r\n`);
    await connection.writeSlowly(body);
    connection.socket.write(secondRequest);
    await connection.until(2);
    expect(connection.responses.map((r) => r.status)).toEqual([413, 200]);
    expect(ApiErrorBodySchema.parse(JSON.parse(connection.responses[0].body)).error.code).toBe('PayloadTooLarge');
    expect(connection.closed).toBe(false);
    connection.socket.destroy();
  });

  it('a 3 MB chunked body sent over a second is 413, and the next request on the connection is answered 200', async () => {
    const connection = keepAliveConnection();
    connection.socket.write(`${oversizeHead}Transfer-Encoding: chunked\r\n\r\n`);
    const piece = 'x'.repeat(65_536);
    await connection.writeSlowly(Array.from({ length: 46 }, () => `${piece.length.toString(16)}\r\n${piece}\r\n`).join('') + '0\r\n\r\n');
    connection.socket.write(secondRequest);
    await connection.until(2);
    expect(connection.responses.map((r) => r.status)).toEqual([413, 200]);
    expect(connection.closed).toBe(false);
    connection.socket.destroy();
  });

  it('a body declared larger than the drain cap is 413 with Connection: close, read no further', async () => {
    const connection = keepAliveConnection();
    connection.socket.write(`${oversizeHead}Content-Length: ${DRAIN_MAX_BYTES + 1}\r\n\r\n{"firstName":"`);
    await connection.until(1);
    expect(connection.responses[0].status).toBe(413);
    expect(connection.responses[0].headers).toMatch(/^connection: close$/im);
    connection.socket.destroy();
  });
});
