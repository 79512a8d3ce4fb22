/**
 * The phone in the stands (ARCHITECTURE §6), in Debian's Chromium against the real server, the built
 * PWA and its real service worker, offline through the network switch (offline-network.ts):
 * - during a live venue event the dashboard shows a card (and the challenges tab an entry) that opens the venue
 *   scanner; with no signal the scanner opens from it with its data (the venues attended) on the device;
 * - an open challenge the fan never opened was preloaded while online and shows offline; a running story's chapter
 *   image is in the service worker's media cache; the QR decoder this Chromium needs (on Linux it has no
 *   `BarcodeDetector`: the `jsqr` chunk, left out of the precache) is in the worker's cache of assets;
 * - a screen whose data is not on the device says "Not available offline" at once, with a way back.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { apiHeaders, apiSignIn } from './fixtures';
import { expect, goOffline, test } from './offline-network';
import { persistedCache, signInToDashboard, waitForServiceWorker } from './offline-helpers';

// The service worker is part of what this file tests (the other specs block it: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const OPERATOR = 'ops@alpine-racing.example';

/**
 * Creates a venue event open for the next hour through the admin API; returns its name and venue. It opened a day ago:
 * the card shows the earliest-opened live event, and other specs on the same server open theirs an hour before they
 * run, so this one is the card whichever of them ran first.
 */
async function liveVenueEvent(request: APIRequestContext) {
  const ops = await apiSignIn(request, OPERATOR);
  const name = `Stand match ${randomUUID().slice(0, 6)}`;
  const created = await request.post('/api/admin/venue-events', {
    headers: { ...(await apiHeaders(request, ops)), 'idempotency-key': randomUUID() },
    data: {
      name,
      venue: 'Circuit Paul Ricard',
      startsAt: new Date(Date.now() - 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      value: 30,
    },
  });
  expect(created.status()).toBe(201);
  return { name, venue: 'Circuit Paul Ricard' };
}

/** A challenge as the persisted cache holds it (the fields this test reads). */
interface CachedChallenge {
  challengeId: string;
  subtype: string;
  title: string;
}
/** A story as the persisted cache holds it (the fields this test reads). */
interface CachedStory {
  startsAt: string;
  stopsAt: string | null;
  chapters: { mediaId: string; orderIndex: number }[];
}

test('in the stands with no signal: the venue card opens the scanner, a preloaded challenge shows, the rest says Not available offline', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const event = await liveVenueEvent(page.request);
  await signInToDashboard(page, 'stands');
  const card = page.getByRole('heading', { name: `${event.name} · ${event.venue}` });
  await expect(card).toBeVisible();
  await waitForServiceWorker(page);
  // The preload for the stands runs once the service worker controls the page (its images are kept there).
  await page.reload();
  await expect(card).toBeVisible();

  // Wait for what the preload keeps: the venue screen's data and the open challenges, one by one.
  await expect
    .poll(
      async () => {
        const keys = (await persistedCache(page))?.queries ?? [];
        return keys.includes('["venue","attended"]') && keys.some((k) => /^\["challenges","[^"]+"\]$/.test(k));
      },
      { timeout: 30_000, message: 'venue screen and a challenge preloaded' },
    )
    .toBe(true);
  const cache = (await persistedCache(page))!;
  const challengeKey = cache.queries.find((k) => /^\["challenges","[^"]+"\]$/.test(k))!;
  const challenge = cache.queryData[challengeKey] as CachedChallenge;
  // A running story's first chapter image reaches the service worker's media cache.
  const now = Date.now();
  const story = (cache.queryData['["stories"]'] as CachedStory[]).find(
    (s) => Date.parse(s.startsAt) <= now && (s.stopsAt === null || Date.parse(s.stopsAt) > now) && s.chapters.length > 0,
  );
  expect(story, 'a running story with chapters').toBeTruthy();
  const image = `/api/media/${[...story!.chapters].sort((a, b) => a.orderIndex - b.orderIndex)[0].mediaId}`;
  await expect.poll(() => page.evaluate(async (url) => Boolean(await caches.match(url)), image), { timeout: 30_000 }).toBe(true);
  // The QR decoder's chunk too, so the scanner reads codes with no signal.
  const decoderCached = () =>
    page.evaluate(async () => {
      for (const name of await caches.keys()) {
        if ((await (await caches.open(name)).keys()).some((request) => /\/assets\/jsQR-[\w-]+\.js$/.test(request.url))) return true;
      }
      return false;
    });
  await expect.poll(decoderCached, { timeout: 30_000, message: 'the jsqr chunk in the service worker cache' }).toBe(true);

  await goOffline(context);
  // The card opens the scanner, whose screen has its data.
  await page.getByRole('link', { name: new RegExp(event.name) }).click();
  await expect(page).toHaveURL(/\/venue$/);
  await expect(page.getByRole('heading', { name: 'Check in at the venue' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open the camera' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'I was there' })).toBeVisible();

  // The challenges tab has the entry too.
  await page.goto('/challenges');
  await expect(page.getByRole('heading', { name: `${event.name} · ${event.venue}` })).toBeVisible();

  // A challenge never opened, preloaded while online, shows with no signal.
  await page.goto(`/challenges/${challenge.subtype}/${challenge.challengeId}`);
  await expect(page.getByRole('heading', { name: challenge.title })).toBeVisible();
  await expect(page.getByText('Not available offline')).toHaveCount(0);

  // A screen whose data is not on the device says so at once, with a way back: opened as a link (a fresh page, no
  // in-app history), back is the dashboard.
  await page.goto(`/challenges/${challenge.subtype}/not-on-this-phone`);
  await expect(page.getByText('Not available offline')).toBeVisible({ timeout: 5_000 });
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `${event.name} · ${event.venue}` })).toBeVisible();
});
