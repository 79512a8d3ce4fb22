/**
 * The venue code's big screen end to end in Chromium on a desktop viewport: the operator opens an
 * event in the console and presses "Full screen"; the screen fills the viewport in the organization's colours, the
 * QR code and the six digits are centred and large (measured from their boxes), and the code turns over by itself
 * when its step ends (Playwright's clock moves the browser's time; the code shown is one the server gives for now or
 * the next step). "Exit full screen" closes it and gives focus back.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { apiHeaders, expect, sessionTokenOf, signedIn, test } from './fixtures';

const OPERATOR = 'ops@alpine-racing.example';
// Several fans sign in per test: more than the default minute on a busy machine.
test.describe.configure({ timeout: 300_000 });
const VIEWPORT = { width: 1280, height: 800 };

/** Creates a venue event open for the next hour through the admin API; returns its id and name. */
async function createVenueEvent(request: APIRequestContext, opsToken: string) {
  const name = `Season finale ${randomUUID().slice(0, 6)}`;
  const created = await request.post('/api/admin/venue-events', {
    headers: { ...(await apiHeaders(request, opsToken)), 'idempotency-key': randomUUID() },
    data: {
      name,
      venue: 'Yas Marina',
      startsAt: new Date(Date.now() - 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      value: 20,
    },
  });
  expect(created.status()).toBe(201);
  return { eventId: (await created.json()).data.id as string, name };
}

test('the big screen fills a desktop screen with the QR code and a large code, centred, and rotates the code by itself', async ({
  browser,
  request,
}) => {
  const ops = await signedIn(browser, OPERATOR, VIEWPORT);
  const opsToken = await sessionTokenOf(ops);
  const { eventId, name } = await createVenueEvent(request, opsToken);
  await ops.clock.install();
  await ops.goto(`/admin/venue-events/${eventId}`);
  const fullScreen = ops.getByRole('button', { name: 'Full screen' });
  await fullScreen.click();

  const screen = ops.getByRole('dialog', { name });
  await expect(screen).toBeVisible();
  const qr = screen.getByRole('img', { name: `QR code to check in at ${name}` });
  const code = screen.getByTestId('venue-screen-code');
  await expect(qr).toBeVisible();
  await expect(code).toHaveText(/^\d{6}$/);

  // The screen covers the viewport; the QR code and the code are centred and sized for the stands.
  const box = async (locator: typeof qr) => (await locator.boundingBox())!;
  const page = await box(screen);
  expect(page).toMatchObject({ x: 0, y: 0, width: VIEWPORT.width, height: VIEWPORT.height });
  const qrBox = await box(qr);
  expect(qrBox.height).toBeGreaterThanOrEqual(0.45 * VIEWPORT.height);
  expect(Math.abs(qrBox.width - qrBox.height)).toBeLessThanOrEqual(1);
  expect(Math.abs(qrBox.x + qrBox.width / 2 - VIEWPORT.width / 2)).toBeLessThanOrEqual(0.01 * VIEWPORT.width);
  const codeBox = await box(code);
  expect(codeBox.height).toBeGreaterThanOrEqual(0.12 * VIEWPORT.height);
  expect(codeBox.width).toBeGreaterThanOrEqual(0.3 * VIEWPORT.width);
  expect(Math.abs(codeBox.x + codeBox.width / 2 - VIEWPORT.width / 2)).toBeLessThanOrEqual(0.01 * VIEWPORT.width);
  for (const b of [qrBox, codeBox]) expect(b.y + b.height).toBeLessThanOrEqual(VIEWPORT.height);
  await expect(screen.getByText(/^New code in \d+ seconds?$/)).toBeVisible();

  // The step ends: the browser's clock jumps past it, and the screen shows the next code without anyone touching it.
  const before = (await code.textContent())!;
  const seconds = Number(/\d+/.exec((await screen.getByText(/^New code in/).textContent())!)![0]);
  await ops.clock.fastForward(seconds * 1000 + 500);
  await expect(code).not.toHaveText(before);
  await expect(code).toHaveText(/^\d{6}$/);
  // The countdown started again (the page's clock keeps running while the check waits, so not always at 30 exactly).
  await expect(screen.getByText(/^New code in (2\d|30) seconds$/)).toBeVisible();
  const after = (await code.textContent())!;
  // The code shown is the server's: its current one or, while the server's step has not ended yet, its next.
  const answer = await request.get(`/api/admin/venue-events/${eventId}/code`, { headers: await apiHeaders(request, opsToken) });
  const served = (await answer.json()).data as { code: string; next: { code: string } };
  expect([served.code, served.next.code]).toContain(after);

  await screen.getByRole('button', { name: 'Exit full screen' }).click();
  await expect(screen).toBeHidden();
  await expect(fullScreen).toBeFocused();
});
