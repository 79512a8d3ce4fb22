/**
 * OpenTelemetry end to end (spec §7, §9) against the local OTLP/HTTP receiver: a page load and API calls
 * arrive from the browser with the resource attributes (service name, version 1.0.0, environment production), a
 * failed API call is recorded as an error span, and the server's own request spans continue the browser's trace.
 */
import { expect, test } from './fixtures';
import { HOSTED_URL, WEB_SERVICE_NAME } from '../../playwright.integrations.config';
import { receivedSpans } from './supabase-fixtures';

test.use({ baseURL: HOSTED_URL });

test('a page load and API calls arrive at the collector with the resource attributes', async ({ page, request }) => {
  const since = Date.now();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // An API call after telemetry started: open /login (organization cached) then ask for a missing challenge (404).
  await expect
    .poll(async () => (await receivedSpans(request, since)).some((s) => s.name === 'documentLoad'), { timeout: 20_000 })
    .toBe(true);
  await page.evaluate(async () => {
    const organization = await (
      await fetch('/api/organization/current', { headers: { authorization: 'Bearer pk_demo_alpine_racing' } })
    ).json();
    await fetch('/api/challenge/00000000-0000-0000-0000-000000000000', {
      headers: { authorization: 'Bearer pk_demo_alpine_racing', 'x-org-token': organization.data.token },
    });
  });

  await expect
    .poll(
      async () =>
        (await receivedSpans(request, since)).filter(
          (s) => s.resource['service.name'] === WEB_SERVICE_NAME && s.attributes['podium.api_call'] === true,
        ).length,
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(2);
  const web = (await receivedSpans(request, since)).filter((s) => s.resource['service.name'] === WEB_SERVICE_NAME);
  const pageLoad = web.find((s) => s.name === 'documentLoad')!;
  expect(pageLoad.resource).toMatchObject({
    'service.name': WEB_SERVICE_NAME,
    'service.version': '1.0.0',
    'deployment.environment': 'production',
  });
  expect(String(pageLoad.attributes['http.url'] ?? pageLoad.attributes['url.full'])).toContain(HOSTED_URL);

  const apiSpans = web.filter((s) => s.attributes['podium.api_call'] === true);
  const ok = apiSpans.find((s) => String(s.attributes['http.url'] ?? s.attributes['url.full']).endsWith('/api/organization/current'))!;
  expect(ok.resource['service.version']).toBe('1.0.0');
  expect(ok.status.code ?? 0).not.toBe(2);
  const failed = apiSpans.find((s) => String(s.attributes['http.url'] ?? s.attributes['url.full']).includes('/api/challenge/'))!;
  expect(failed.status.code).toBe(2); // ERROR
  expect(failed.events.map((e) => e.name)).toContain('api.failure');

  // The server traced the same request as a child of the browser's fetch span.
  await expect
    .poll(
      async () =>
        (await receivedSpans(request, since)).some((s) => s.resource['service.name'] === 'podium-api-e2e' && s.traceId === failed.traceId),
      { timeout: 20_000 },
    )
    .toBe(true);
  const server = (await receivedSpans(request, since)).find(
    (s) => s.resource['service.name'] === 'podium-api-e2e' && s.traceId === failed.traceId,
  )!;
  expect(server.name).toBe('GET /api/challenge/:id');
  expect(server.attributes['http.response.status_code']).toBe(404);
  expect(server.resource).toMatchObject({ 'service.version': '1.0.0', 'deployment.environment': 'production' });
});

test('an unhandled error is recorded on a span', async ({ page, request }) => {
  const since = Date.now();
  await page.goto('/');
  await expect
    .poll(async () => (await receivedSpans(request, since)).some((s) => s.name === 'documentLoad'), { timeout: 20_000 })
    .toBe(true);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('boom from the e2e test');
    }, 0);
    void Promise.reject(new Error('rejected in the e2e test'));
  });
  await expect
    .poll(
      async () =>
        (await receivedSpans(request, since))
          .filter((s) => s.name === 'unhandled error')
          .map((s) => s.status.message)
          .sort(),
      { timeout: 20_000 },
    )
    .toEqual(['boom from the e2e test', 'rejected in the e2e test']);
  const span = (await receivedSpans(request, since)).find((s) => s.name === 'unhandled error')!;
  expect(span.events[0].name).toBe('exception');
  expect(span.resource['service.name']).toBe(WEB_SERVICE_NAME);
});
