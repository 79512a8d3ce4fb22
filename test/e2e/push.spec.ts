/**
 * Web Push end to end in Chromium, against the local push service stand-in
 * (test/stand-ins/push-service.ts, on E2E_PUSH_PORT, default 3430), which checks each request's VAPID signature and
 * decrypts it. A fan checks in and is offered notifications (never on first load). Headless Chromium cannot
 * subscribe (its push service, FCM, is out of reach: `PushManager.subscribe` fails), so the device's subscription is
 * registered the way the app does after subscribing: `PUT /api/push/subscription`, with the stand-in's endpoint
 * and keys. An operator sends a notification from the console: the stand-in receives it for that subscription
 * only (another fan's, on another topic, gets nothing). The service worker's handlers run through the DevTools
 * protocol (`ServiceWorker.deliverPushMessage` with the payload the stand-in decrypted): the notification is shown
 * with the club's icon, and a click opens its screen in the app.
 */
import { randomUUID } from 'node:crypto';
import type { Browser } from '@playwright/test';
import { startPushService, type PushServiceStandIn, type StandInSubscription } from '../stand-ins/push-service';
import { chromiumArgs, FULL_CHROMIUM } from '../../playwright.config';
import { apiHeaders, apiSignIn, expect, newFanEmail, test } from './fixtures';
import { signInToDashboard, waitForServiceWorker } from './offline-helpers';

// The service worker is part of what this file tests (the other specs block it: playwright.config.ts), and so are the
// browser's notifications, which the headless shell does not offer (decision 0095).
test.use({ serviceWorkers: 'allow', launchOptions: { executablePath: FULL_CHROMIUM, args: chromiumArgs } });

/** The run's operator (playwright.config.ts `OPERATOR_EMAILS`, which makes only an organization's first operator). */
const OPERATOR = 'ops@alpine-racing.example';
/** What the test touches of the worker's global scope (the main tsconfig has no WebWorker lib). */
type WorkerScope = {
  registration: { getNotifications(): Promise<Array<{ title: string; icon: string }>> };
  dispatchEvent(event: Event): boolean;
  NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
};
let service: PushServiceStandIn;
test.beforeAll(async () => {
  service = await startPushService(Number(process.env.E2E_PUSH_PORT ?? 3430));
});
test.afterAll(async () => service.stop());

/** A desktop page of the operator signed in through the API, its session handed to the app, on the console's page. */
async function operatorConsole(browser: Browser, request: Parameters<typeof apiSignIn>[0], path: string) {
  const token = await apiSignIn(request, OPERATOR);
  const onboard = await request.patch('/api/user/me', {
    headers: { ...(await apiHeaders(request, token)), 'idempotency-key': randomUUID() },
    data: { username: `pushops_${randomUUID().slice(0, 8)}`, firstName: 'Ops' },
  });
  expect(onboard.ok()).toBeTruthy();
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto('/config.json');
  await page.evaluate((t) => localStorage.setItem('podium.session.token', t), token);
  await page.goto(path);
  return page;
}

// A fan who was never offered notifications (the config's contexts start as one who was).
test.use({ storageState: { cookies: [], origins: [] } });

test('a fan opts in after a check-in; an operator sends; only that subscription receives it; the worker shows it and opens its screen', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.context().grantPermissions(['notifications']);
  const token = await signInToDashboard(page, 'push');
  await waitForServiceWorker(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A meaningful action: the prompt offers the five topics (challenges, check-in, sweepstakes, picks, points expiry),
  // all chosen; Escape closes it.
  await page.getByRole('button', { name: /^Check in/ }).click();
  const prompt = page.getByRole('dialog', { name: 'Get notified?' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('group', { name: 'Notify me about' }).getByRole('checkbox', { checked: true })).toHaveCount(5);
  await page.keyboard.press('Escape');
  await expect(prompt).toBeHidden();

  // This device's subscription, as the app stores it after PushManager.subscribe; another fan's on another topic.
  const subscribe = async (bearer: string, device: StandInSubscription, topics: string[]) => {
    const res = await request.put('/api/push/subscription', {
      headers: await apiHeaders(request, bearer),
      data: { endpoint: device.endpoint, keys: device.keys, topics, language: 'en' },
    });
    expect(res.status()).toBe(200);
  };
  const device = service.subscription();
  await subscribe(token, device, ['challenges', 'picks']);
  const other = service.subscription();
  await subscribe(await apiSignIn(request, newFanEmail('push-other')), other, ['picks']);

  // The operator sends from the console; the title is this run's own, as other specs send notifications too.
  const title = `New pick’em is live ${randomUUID().slice(0, 6)}`;
  const ops = await operatorConsole(browser, request, '/admin/notifications');
  await ops.getByLabel('Topic').selectOption('challenges');
  await ops.getByLabel('Title', { exact: true }).fill(title);
  await ops.getByLabel('Text', { exact: true }).fill('Who takes pole in Qatar?');
  await ops.getByLabel('Screen it opens').selectOption({ label: 'Challenges · Pick’ems' });
  await ops.getByRole('button', { name: 'Send now' }).click();
  await ops.getByRole('dialog', { name: 'Send this notification now?' }).getByRole('button', { name: 'Send now' }).click();
  await expect(ops.getByText('Notification on its way')).toBeVisible();
  await expect.poll(() => service.received.filter((r) => r.subscriptionId === device.id).length).toBe(1);
  const [received] = service.received.filter((r) => r.subscriptionId === device.id);
  expect(received.status).toBe(201);
  expect(received.payload).toMatchObject({ title, url: '/challenges/pickem', topic: 'challenges' });
  expect(service.received.filter((r) => r.subscriptionId === other.id)).toHaveLength(0);
  await expect(ops.getByRole('row', { name: title }).getByRole('cell', { name: 'Sent' })).toBeVisible();

  // The worker gets that payload as a push: it shows the notification, and a click opens the screen.
  const cdp = await page.context().newCDPSession(page);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (r: { scopeURL: string; isDeleted: boolean }) => !r.isDeleted && r.scopeURL.startsWith(new URL(page.url()).origin),
      );
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: await registration,
    data: JSON.stringify(received.payload),
  });
  const [worker] = page.context().serviceWorkers();
  await expect
    .poll(() =>
      worker.evaluate(async () =>
        (await (self as unknown as WorkerScope).registration.getNotifications()).map((n) => `${n.title}|${new URL(n.icon).pathname}`),
      ),
    )
    .toEqual([`${title}|/manifest-icons/192.png`]);
  await worker.evaluate(async () => {
    const scope = self as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    // A synthetic click (DevTools has no "click a notification"): the handler's work starts before waitUntil, which
    // refuses an untrusted event, throws.
    try {
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    } catch {
      // See above.
    }
  });
  await page.waitForURL(/\/challenges\/pickem$/);
});
