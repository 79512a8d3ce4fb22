/**
 * What Node's HTTP layer answers before a request reaches the app: requests it cannot parse get the API's error
 * shape (docs/decisions/0002) instead of a bare status line, and HEAD works on GET routes. A real server on a
 * loopback port, raw requests over a socket.
 */
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorBodySchema } from '../../src/contracts/common';
import { answerClientErrorsWithJson } from '../../server/lib/client-errors';
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
    const res = await rawRequest(`HEAD /api/organization/current HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ORG_KEY}\r\nConnection: close\r\n\r\n`);
    const get = await rawRequest(`GET /api/organization/current HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ORG_KEY}\r\nConnection: close\r\n\r\n`);
    expect(get.status).toBe(200);
    expect(res.status).toBe(200);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(res.body).toBe('');
  });
});
