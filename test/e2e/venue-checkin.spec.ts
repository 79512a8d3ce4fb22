/**
 * Venue check-in by code end to end (decisions 0059, 0068) in Debian's Chromium against the real server, the built
 * PWA and its service worker:
 * - a fan with no signal opens the QR code's link (`/venue?event=&token=`, the event's current token read from the
 *   operator-only endpoint) as the phone's camera would; the scan is queued with its time, survives a reload while
 *   offline, and once the network returns is credited exactly once; the "I was there" badge then lists the venue;
 * - a fan with no signal who types the code is told that a typed code needs a connection and that the QR code works
 *   offline;
 * - the operator's console shows the event's QR code and its six digits; Chromium's fake camera plays a video of
 *   the QR code's link (a Y4M file written from the `qrcode` library's matrix), which the scanner reads (Chromium on
 *   Linux has no `BarcodeDetector`, so this is the lazily loaded `jsqr` path) and the fan is checked in.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { chromiumArgs } from '../../playwright.config';
import { qrVideo } from './fake-camera';
import { apiHeaders, apiSignIn } from './fixtures';
import { expect, goOffline, goOnline, test } from './offline-network';
import { ledger, signInToDashboard, waitForServiceWorker } from './offline-helpers';

// The service worker is part of what this file tests (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const OPERATOR = 'ops@alpine-racing.example';
/** The operator's session, made once for the file (sign-in codes are rate-limited per address). */
let operatorToken: string | undefined;

/** Creates a venue event open for the next hour through the admin API; returns its id, name, current code and QR token. */
async function venueEventWithCode(request: import('@playwright/test').APIRequestContext, value: number) {
  const ops = (operatorToken ??= await apiSignIn(request, OPERATOR));
  const name = `Night race ${randomUUID().slice(0, 6)}`;
  const created = await request.post('/api/admin/venue-events', {
    headers: { ...(await apiHeaders(request, ops)), 'idempotency-key': randomUUID() },
    data: {
      name,
      venue: 'Circuit Paul Ricard',
      startsAt: new Date(Date.now() - 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      value,
    },
  });
  expect(created.status()).toBe(201);
  const eventId = (await created.json()).data.id as string;
  // What the big screen shows right now (a code or token stays good for a period either side of its own).
  const answer = await request.get(`/api/admin/venue-events/${eventId}/code`, { headers: await apiHeaders(request, ops) });
  const { code, token } = (await answer.json()).data as { code: string; token: string };
  return { eventId, name, code, token };
}

test('a QR link opened offline survives a reload and is credited once when the network returns', async ({ page, context }) => {
  // Two offline starts of the app (the link, then the reload) on top of the sign-in.
  test.setTimeout(60_000);
  const token = await signInToDashboard(page, 'venue');
  await waitForServiceWorker(page);
  await page.goto('/venue');
  await expect(page.getByRole('heading', { name: 'I was there' })).toBeVisible();
  const { eventId, name, token: qrToken } = await venueEventWithCode(page.request, 40);

  await goOffline(context);
  // The phone's own camera opens the QR code's link: the service worker serves the app with no signal.
  await page.goto(`/venue?event=${eventId}&token=${qrToken}`);
  await expect(page.getByRole('status').filter({ hasText: /saved and will be sent/ })).toBeVisible();
  // The link is dropped from the address once used, so the reload below does not scan it a second time.
  await expect(page).toHaveURL(/\/venue$/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Check in at the venue' })).toBeVisible();

  await expect(page.getByRole('status').filter({ hasText: /saved and will be sent/ })).toBeVisible();

  await goOnline(context);
  await expect(page.getByRole('status').filter({ hasText: `You're checked in at Circuit Paul Ricard (${name}): +40 points.` })).toBeVisible(
    { timeout: 15_000 },
  );
  await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible();
  const rows = await ledger(page.request, token);
  expect(rows.filter((r) => r.reference === `venue_checkin:${eventId}`)).toEqual([
    expect.objectContaining({ amount: 40, reason: 'venue_checkin' }),
  ]);
});

test('a code typed with no signal: the fan is told typed codes need a connection and the QR code works offline', async ({
  page,
  context,
}) => {
  test.setTimeout(30_000);
  await signInToDashboard(page, 'typed');
  await waitForServiceWorker(page);
  await page.goto('/venue');
  await expect(page.getByRole('heading', { name: 'I was there' })).toBeVisible();
  const { code } = await venueEventWithCode(page.request, 5);

  await goOffline(context);
  await page.getByLabel('Venue code').fill(code);
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /typed code counts only if it is sent within 2 minutes\. Scan the QR code instead/ }),
  ).toBeVisible();
  await goOnline(context);
});

test('the console shows the QR code; the camera reads it and checks the fan in', async ({ browser, playwright }) => {
  test.setTimeout(30_000);
  const { baseURL, launchOptions } = test.info().project.use;
  const api = await playwright.request.newContext({ baseURL });
  const { eventId, name, token: qrToken } = await venueEventWithCode(api, 15);
  // The operator's console shows the event's QR code and the code to type.
  const screen = await (await browser.newContext({ baseURL })).newPage();
  await screen.goto('/config.json');
  await screen.evaluate((t) => localStorage.setItem('podium.session.token', t), operatorToken!);
  await screen.goto(`/admin/venue-events/${eventId}`);
  await expect(screen.getByRole('img', { name: `QR code to check in at ${name}` })).toBeVisible();
  const code = (await screen.getByTestId('venue-code').textContent()) ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await screen.context().close();

  const video = await qrVideo(`${baseURL}/venue?event=${eventId}&token=${qrToken}`, 'venue');
  const camera = await playwright.chromium.launch({
    executablePath: launchOptions?.executablePath,
    args: [
      ...chromiumArgs,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await camera.newContext({ baseURL, permissions: ['camera'] });
    const page = await context.newPage();
    const token = await signInToDashboard(page, 'camera');
    await page.goto('/venue');
    await page.getByRole('button', { name: 'Open the camera' }).click();
    await expect(page.getByRole('status').filter({ hasText: `You're checked in at Circuit Paul Ricard (${name})` })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible();
    const rows = await ledger(page.request, token);
    expect(rows.filter((r) => r.reference === `venue_checkin:${eventId}`)).toHaveLength(1);
  } finally {
    await camera.close();
    await api.dispose();
    await rm(video, { force: true });
  }
});
