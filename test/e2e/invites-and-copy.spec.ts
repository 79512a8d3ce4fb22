/**
 * Invites that keep their context, and copy and layout that hold on a phone, end to end in Chromium against the real
 * server: a signed-out invitee sees the league and who invited them on the sign-in pages, picks a name
 * on /welcome and lands on the invite; an invite link that neither the share sheet nor the clipboard takes stays on
 * the page; the club's name is read from the organization after a rename in the console; the operator's "shown to
 * visitors" setting decides what the sign-in page shows; the tab bar marks the page's own tab; French labels fit on one
 * line at 390 px; a poll's image keeps its shape without pushing the answers below the fold, and a completed challenge
 * hides its expiry.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { apiGet, apiHeaders, expect, newFanEmail, sessionTokenOf, signedIn, signInThroughUi, test } from './fixtures';
import { signInToDashboard, waitForPersistedQueries } from './offline-helpers';

const OPERATOR = 'ops@alpine-racing.example';
const DESKTOP = { width: 1280, height: 900 };

/** The club's name as fans get it now (`GET /api/organization/current`). */
async function clubName(request: APIRequestContext): Promise<string> {
  const { organizationKey } = await (await request.get('/config.json')).json();
  const res = await request.get('/api/organization/current', {
    headers: { authorization: `Bearer ${organizationKey}`, 'accept-language': 'en' },
  });
  return (await res.json()).data.name as string;
}

/** Creates a league as the fan with `token`; returns its id and invite code. */
async function createLeague(request: APIRequestContext, token: string, name: string): Promise<{ id: string; inviteCode: string }> {
  const created = await request.post('/api/leagues', {
    headers: { ...(await apiHeaders(request, token)), 'idempotency-key': randomUUID() },
    data: { name },
  });
  expect(created.status()).toBe(201);
  return (await created.json()).data;
}

/** Renames the club in the console's organization settings (English name), as an operator would. */
async function renameClub(ops: Page, name: string): Promise<void> {
  await ops.goto('/admin');
  await ops.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Organization settings' }).click();
  const field = ops.getByLabel(/^Name \(English\)/);
  await expect(field).toHaveValue(/\S/);
  await field.fill(name);
  await ops.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => clubName(ops.request)).toBe(name);
}

/** The number of lines the text of `locator` takes (distinct line boxes of its text). */
function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });
}

/** Whether the text of `locator` is cut (wider than its box). */
const isCut = (locator: Locator) => locator.evaluate((element) => element.scrollWidth > element.clientWidth + 1);

test('a signed-out invitee sees the league and who invited them, picks a name, and lands on the invite', async ({ page, browser }) => {
  const owner = await signInToDashboard(page, 'inviter');
  const { username } = await apiGet<{ username: string }>(page.request, owner, '/user/me');
  const league = await createLeague(page.request, owner, 'Sunday Sprint');
  const club = await clubName(page.request);

  const friend = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await friend.goto(`/leagues/join/${league.inviteCode}`);
  await friend.waitForURL((url) => url.pathname === '/');
  const invitation = `${username} invited you to join the league “Sunday Sprint” on the ${club} app`;
  await expect(friend.getByRole('region', { name: invitation })).toBeVisible();
  await expect(friend.getByRole('region', { name: invitation })).toContainText('1 member');

  await friend.getByRole('link', { name: /sign in with e-mail/i }).click();
  await friend.waitForURL(/\/login$/);
  await expect(friend.getByRole('region', { name: invitation })).toBeVisible();
  await signInThroughUi(friend, newFanEmail('invitee'));

  // Onboarding is not skipped: the invitee gets a name instead of showing as a hidden fan.
  await friend.waitForURL(/\/welcome$/);
  await expect(friend.getByRole('heading', { level: 1 })).toHaveText(`Welcome to the ${club} fan club!`);
  const name = `sam${randomUUID().slice(0, 8)}`;
  await friend.getByLabel('First name').fill('Sam');
  await friend.getByLabel('Username').fill(name);
  await friend.getByRole('button', { name: "Let's go" }).click();

  await friend.waitForURL(new RegExp(`/leagues/join/${league.inviteCode}$`));
  await friend.getByRole('button', { name: 'Join Sunday Sprint' }).click();
  await friend.waitForURL(new RegExp(`/leagues/${league.id}$`));
  const me = friend.getByRole('table', { name: /Sunday Sprint, This week/ }).locator('tr[aria-current="true"]');
  await expect(me).toContainText(name);
  await expect(me).not.toContainText('Hidden fan');
  await friend.context().close();
});

test('when neither the share sheet nor the clipboard takes the invite link, it stays on the page to copy by hand', async ({ page }) => {
  const token = await signInToDashboard(page, 'unshared');
  const league = await createLeague(page.request, token, 'Paddock pals');
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: () => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')),
    });
    Object.defineProperty(navigator, 'canShare', { configurable: true, value: () => true });
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
    });
  });
  await page.clock.install();
  await page.goto(`/leagues/${league.id}`);
  await page.getByRole('button', { name: 'Invite friends' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Could not share the link' })).toBeVisible();
  const link = page.getByRole('textbox', { name: 'Invite link' });
  const url = new URL(`/leagues/join/${league.inviteCode}`, page.url()).toString();
  await expect(link).toHaveValue(url);
  // Long after a toast would have gone, the link is still there.
  await page.clock.runFor(60_000);
  await expect(link).toHaveValue(url);
  await expect(link).toBeVisible();
});

test('after a rename in the console, the fan app names the club by its new name, on the landing and in the welcome', async ({
  browser,
  request,
}) => {
  const before = await clubName(request);
  const renamed = `Alpine Racing ${randomUUID().slice(0, 6)}`;
  const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await visitor.goto('/');
  await expect(visitor.getByText(`${before} · Official fan club`)).toBeVisible();
  // The name this device saw is kept in the persisted cache, as a fan's phone keeps it.
  await waitForPersistedQueries(visitor, ['["organization"]']);

  const ops = await signedIn(browser, OPERATOR, DESKTOP);
  try {
    await renameClub(ops, renamed);
    await visitor.reload();
    await expect(visitor.getByText(`${renamed} · Official fan club`)).toBeVisible();
    await visitor.getByRole('link', { name: /sign in with e-mail/i }).click();
    await signInThroughUi(visitor, newFanEmail('renamed'));
    await visitor.waitForURL(/\/welcome$/);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(`Welcome to the ${renamed} fan club!`);
  } finally {
    await renameClub(ops, before);
    await ops.context().close();
    await visitor.context().close();
  }
});

test('the "shown to visitors who are not signed in" setting decides whether the sign-in page shows a challenge', async ({ browser }) => {
  const title = `Guess the pole sitter ${randomUUID().slice(0, 6)}`;
  const ops = await signedIn(browser, OPERATOR, DESKTOP);
  const created = await ops.request.post('/api/admin/challenges', {
    headers: await apiHeaders(ops.request, await sessionTokenOf(ops)),
    data: {
      type: 'poll',
      subtype: 'poll',
      title,
      isPublic: false,
      visibleFrom: new Date(Date.now() - 60_000).toISOString(),
      expiresOn: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      options: [
        { text: 'Car 7', points: 5 },
        { text: 'Car 12', points: 5 },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id as string;

  /** A visitor's sign-in page once its challenges have loaded. */
  const landing = async () => {
    const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    const loaded = visitor.waitForResponse((res) => new URL(res.url()).pathname === '/api/challenge' && res.ok());
    await visitor.goto('/');
    await loaded;
    await expect(visitor.getByRole('link', { name: /sign in with e-mail/i })).toBeVisible();
    return visitor;
  };

  const off = await landing();
  await expect(off.getByRole('heading', { name: title })).toHaveCount(0);
  await off.context().close();

  await ops.goto(`/admin/challenges/${id}`);
  const setting = ops.getByRole('checkbox', { name: 'Shown to visitors who are not signed in' });
  await expect(setting).not.toBeChecked();
  await setting.check();
  await ops.getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(
      async () =>
        (
          await (
            await ops.request.get(`/api/admin/challenges/${id}`, { headers: await apiHeaders(ops.request, await sessionTokenOf(ops)) })
          ).json()
        ).data.isPublic,
    )
    .toBe(true);
  await ops.context().close();

  const on = await landing();
  const card = on.getByRole('listitem').filter({ has: on.getByRole('heading', { name: title }) });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Sign in to play' })).toBeVisible();
  await on.context().close();
});

test("the tab bar marks the page's own tab, and none on the history and leaderboard pages", async ({ page }) => {
  await signInToDashboard(page, 'tabs');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const current = nav.locator('[aria-current="page"]');
  await page.goto('/history');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(nav).toBeVisible();
  await expect(current).toHaveCount(0);
  await page.goto('/leaderboard');
  await expect(page.getByRole('table', { name: /Leaderboard/ })).toBeVisible();
  await expect(current).toHaveCount(0);
  await page.goto('/challenges');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAccessibleName(/challenges/i);
  await page.goto('/dashboard');
  await expect(current).toHaveAccessibleName(/home/i);
});

test('in French on a 390 px phone, the tab bar and the period picker each keep their labels on one line, whole', async ({ page }) => {
  await signInToDashboard(page, 'fr-labels');
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.goto('/leaderboard');
  const labels = page.getByRole('navigation').locator('.bottom-nav__label');
  await expect(labels).toHaveCount(5);
  await expect(labels.nth(3)).toHaveText('Concours');
  const periods = page.getByRole('group', { name: 'Période' }).getByRole('button');
  await expect(periods).toHaveCount(4);
  for (const label of [...(await labels.all()), ...(await periods.all())]) {
    expect(await lineCount(label), await label.innerText()).toBe(1);
    expect(await isCut(label), await label.innerText()).toBe(false);
  }
});

test("a poll's tall image keeps its shape above answers that start on the first screen; once answered it shows no expiry", async ({
  browser,
  page,
}) => {
  const ops = await signedIn(browser, OPERATOR, DESKTOP);
  const opsToken = await sessionTokenOf(ops);
  const portrait = await sharp({ create: { width: 600, height: 1200, channels: 3, background: '#c8102e' } })
    .png()
    .toBuffer();
  const upload = await ops.request.post('/api/admin/media', {
    headers: { ...(await apiHeaders(ops.request, opsToken)), 'idempotency-key': randomUUID() },
    multipart: { file: { name: 'grid-walk.png', mimeType: 'image/png', buffer: portrait } },
  });
  expect(upload.status()).toBe(201);
  const title = `Best grid walk ${randomUUID().slice(0, 6)}`;
  const created = await ops.request.post('/api/admin/challenges', {
    headers: await apiHeaders(ops.request, opsToken),
    data: {
      type: 'poll',
      subtype: 'poll',
      title,
      mediaId: (await upload.json()).data.id,
      visibleFrom: new Date(Date.now() - 60_000).toISOString(),
      expiresOn: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      options: [
        { text: 'Grid A', points: 5 },
        { text: 'Grid B', points: 5 },
        { text: 'Grid C', points: 5 },
      ],
    },
  });
  expect(created.status()).toBe(201);
  await ops.context().close();

  await signInToDashboard(page, 'poll-image');
  await page.goto('/challenges/poll');
  await page.getByRole('link', { name: new RegExp(title) }).click();
  const image = page.locator('img.challenge-hero__image');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  // Not cropped: the whole image is drawn (contain) in a box no wider than its shape allows.
  expect(await image.evaluate((img) => getComputedStyle(img).objectFit)).toBe('contain');
  const box = (await image.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(844 * 0.35);
  await expect(page.locator('.challenge-hero').getByText(/Ends in [23] days/)).toBeVisible();
  await expect(page.getByRole('radio').first()).toBeInViewport();

  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Submit my answer' }).click();
  await expect(page.locator('.challenge-hero').getByText('Completed', { exact: true })).toBeVisible();
  await expect(page.locator('.challenge-hero').getByText(/Ends /)).toHaveCount(0);
});
