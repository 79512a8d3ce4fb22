/**
 * The operator console end to end in Debian's Chromium against the real server (fresh in-memory PGlite), with
 * `OPERATOR_EMAILS=ops@alpine-racing.example` (playwright.config.ts): the operator signs in, opens /admin, creates
 * an English and French poll with an uploaded image, scheduled to start now; a fan signs in, finds it on the
 * dashboard, answers it and earns its points (checked in the server's ledger); the operator finds the creation in
 * the audit log. Signed out, a console URL asks to sign in and comes back to it; operators find a console link in the
 * app, a fan none, and a fan who opens /admin is told the console is for operators. An operator reorders a story's chapters with
 * the keyboard (dnd-kit's keyboard sensor on the chapter's handle) and saves; a fan then reads them in that order.
 * An operator creates a download with an uploaded PDF, and a playlist of two videos in the order chosen.
 */
import { readFile } from 'node:fs/promises';
import { TZDate } from '@date-fns/tz';
import type { AdminDownload } from '../../src/contracts/admin/download';
import type { AdminPlaylist } from '../../src/contracts/admin/playlist';
import type { AdminVideo } from '../../src/contracts/admin/video';
import { apiGet, apiHeaders, expect, newFanEmail, sessionTokenOf, signedIn, signInThroughUi, test } from './fixtures';

const OPERATOR = 'ops@alpine-racing.example';

interface Tx {
  amount: number;
  reason: string;
  reference: string;
}

/** `YYYY-MM-DDTHH:mm` of `at` in `timeZone` (what a datetime-local input holds). */
function wallClock(at: Date, timeZone: string): string {
  const d = new TZDate(at.getTime(), timeZone);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

test('an operator creates an English and French poll with an image; a fan answers it and earns its points; the audit log has it', async ({
  browser,
  request,
}) => {
  const title = `Pit stop of the day ${Date.now() % 100_000}`;
  const french = `Arrêt au stand du jour ${Date.now() % 100_000}`;
  const ops = await signedIn(browser, OPERATOR, { width: 1280, height: 900 });

  await ops.goto('/admin');
  await expect(ops.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
  const nav = ops.getByRole('navigation', { name: 'Console' });
  await nav.getByRole('link', { name: 'Challenges', exact: true }).click();
  await expect(ops.getByRole('heading', { level: 1, name: 'Challenges' })).toBeFocused();
  await ops.getByRole('link', { name: 'New Challenge' }).click();
  await expect(ops).toHaveURL(/\/admin\/challenges\/new$/);

  // Saving with nothing filled in: the contract's messages show beside the fields, focus on the first.
  await ops.getByRole('button', { name: 'Create' }).click();
  const titleField = ops.getByLabel('Title (English)');
  await expect(titleField).toHaveAttribute('aria-invalid', 'true');
  await expect(titleField).toHaveAccessibleDescription('Required');
  await expect(titleField).toBeFocused();

  await titleField.fill(title);
  await ops.getByLabel('Title (French)').fill(french);
  await ops.getByLabel('Option 1 (English)').fill('Under two seconds');
  await ops.getByLabel('Option 1 (French)').fill('Moins de deux secondes');
  await ops.getByLabel('Option 2 (English)').fill('Two seconds or more');
  await ops.getByLabel('Option 2 (French)').fill('Deux secondes ou plus');
  await ops.getByLabel('Points of option 1').fill('15');
  await ops.getByLabel('Points of option 2').fill('15');
  await ops
    .getByLabel('Image', { exact: true })
    .setInputFiles({ name: 'pit-stop.png', mimeType: 'image/png', buffer: await readFile('public/icons/icon-192.png') });
  await expect(ops.getByRole('img', { name: 'Current image: Image' })).toBeVisible();

  const organization = await (
    await request.get('/api/organization/current', {
      headers: { authorization: `Bearer ${(await (await request.get('/config.json')).json()).organizationKey}` },
    })
  ).json();
  const timeZone = organization.data.timeZone as string;
  await ops.getByRole('button', { name: 'Start now' }).click();
  await expect(ops.getByLabel('Visible from')).toHaveValue(wallClock(new Date(), timeZone));
  await ops.getByLabel('Ends').fill(wallClock(new Date(Date.now() + 2 * 3600_000), timeZone));
  await ops.getByLabel(/^Draft/).uncheck();

  // The live preview is the fan app's card, in both languages.
  const preview = ops.getByRole('complementary', { name: 'Preview' });
  await expect(preview.getByText(title)).toBeVisible();
  await expect(preview.getByText(french)).toBeVisible();

  await ops.getByRole('button', { name: 'Create' }).click();
  await expect(ops).toHaveURL(/\/admin\/challenges\/[0-9a-f-]{36}$/);
  await expect(ops.getByRole('heading', { level: 1, name: `Challenge: ${title}` })).toBeVisible();
  await expect(ops.getByText(/^\W*Live$/)).toBeVisible();

  // A fan sees it on the dashboard, answers it and earns its points.
  const fan = await signedIn(browser, newFanEmail('console'));
  const card = fan.getByRole('link', { name: new RegExp(title) });
  await expect(card).toBeVisible();
  await card.click();
  await fan.getByRole('radio').first().check();
  await fan.getByRole('button', { name: /vote|submit|send|answer/i }).click();
  const token = await sessionTokenOf(fan);
  await expect
    .poll(async () =>
      (await apiGet<Tx[]>(request, token, '/user/me/transactions')).filter((t) => t.reason === 'challenge').map((t) => t.amount),
    )
    .toEqual([15]);

  // The operator finds the creation in the audit log, filtered to challenges.
  await ops.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
  await ops.getByLabel('What').selectOption('challenges');
  await ops.getByRole('button', { name: 'Apply' }).click();
  const row = ops.getByRole('row').filter({ hasText: OPERATOR }).filter({ hasText: 'Created' }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('Challenge');
  await row.getByText(/^Fields:/).click();
  await expect(row).toContainText(title);
});

test('signed out, a console URL asks to sign in and comes back to it; the operator finds the console in the app', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto('/admin/challenges');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fchallenges$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await signInThroughUi(page, OPERATOR);
  // Straight back to the console page asked for: no fan dashboard or onboarding on the way.
  await expect(page).toHaveURL(/\/admin\/challenges$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Challenges' })).toBeVisible();

  // From the fan app, the console is one click away: in the app bar on every page, and in Profile.
  await page.goto('/profile');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Operator console' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
  await page.goBack();
  await page.getByRole('banner').getByRole('link', { name: 'Operator console' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
  await page.context().close();
});

test('a fan has no console link, and /admin tells them the console is for operators, with the way back', async ({ browser }) => {
  const fan = await signedIn(browser, newFanEmail('curious'));
  await fan.goto('/profile');
  await expect(fan.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Your data' })).toBeVisible();
  await expect(fan.getByRole('link', { name: /console/i })).toHaveCount(0);

  await fan.goto('/admin');
  await expect(fan.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
  await expect(fan.getByText("The console is for the club's operators")).toBeVisible();
  await expect(fan.getByRole('navigation', { name: 'Console' })).toHaveCount(0);
  await fan.getByRole('link', { name: 'Back to the app' }).click();
  await expect(fan).toHaveURL(/\/dashboard$/);
  await fan.goto('/admin/challenges/new');
  await expect(fan.getByText("The console is for the club's operators")).toBeVisible();
  await expect(fan.getByRole('navigation', { name: 'Console' })).toHaveCount(0);
});

test("an operator's keyboard reaches every console page from the sidebar; an unknown console page says so", async ({ browser }) => {
  const ops = await signedIn(browser, OPERATOR, { width: 1024, height: 768 });
  await ops.goto('/admin');
  await expect(ops.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
  // The skip link comes first and jumps to the page's content.
  await ops.keyboard.press('Tab');
  await expect(ops.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  const nav = ops.getByRole('navigation', { name: 'Console' });
  await nav.getByRole('link', { name: 'Stories' }).focus();
  await ops.keyboard.press('Enter');
  await expect(ops.getByRole('heading', { level: 1, name: 'Stories' })).toBeFocused();
  await expect(nav.getByRole('link', { name: 'Stories' })).toHaveAttribute('aria-current', 'page');
  await ops.goto('/admin/no-such-page');
  await expect(ops.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('an operator renames a rank in French and opens the organization settings and a filtered list', async ({ browser, request }) => {
  const ops = await signedIn(browser, OPERATOR, { width: 1280, height: 900 });
  await ops.goto('/admin/ranks');
  await expect(ops.getByRole('heading', { level: 1, name: 'Ranks' })).toBeVisible();
  await ops.getByRole('link', { name: /^Edit/ }).first().click();
  await expect(ops).toHaveURL(/\/admin\/ranks\/P\d+$/);
  const code = new URL(ops.url()).pathname.split('/').pop()!;
  await ops.getByLabel('Title (French)').fill('Recrue de test');
  await ops.getByRole('button', { name: 'Save' }).click();
  await expect(ops.getByRole('heading', { level: 1 })).toBeFocused();
  const organization = await (
    await request.get('/api/organization/current', {
      headers: { authorization: `Bearer ${(await (await request.get('/config.json')).json()).organizationKey}`, 'accept-language': 'fr' },
    })
  ).json();
  expect(organization.data.ranks.find((r: { name: string }) => r.name === code)?.title).toBe('Recrue de test');

  await ops.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Organization settings' }).click();
  await expect(ops.getByLabel(/^Name \(English\)/)).toHaveValue(/\S/);
  await expect(ops.getByLabel('Time zone')).toHaveValue(organization.data.timeZone);

  await ops.goto('/admin/sweepstakes?status=live');
  await expect(ops.getByLabel('Status')).toHaveValue('live');
  for (const badge of await ops.getByRole('table').locator('.console-status').all()) await expect(badge).toHaveText(/Live/);
});

test('an operator adds a badge to an activation and a day to the check-in ladder, each row with its own labelled fields', async ({
  browser,
  request,
}) => {
  // Two console forms and a new fan's sign-in and onboarding through the UI: more than one ordinary test's work.
  test.slow();
  const ops = await signedIn(browser, OPERATOR, { width: 1280, height: 900 });
  const token = await sessionTokenOf(ops);
  const adminGet = <T>(path: string) => apiGet<T>(request, token, `/admin${path}`);

  const [activation] = await adminGet<{ id: string; badges: { id: string; slug: string }[] }[]>('/activations?pageSize=1');
  await ops.goto(`/admin/activations/${activation.id}`);
  const badges = ops.getByRole('group', { name: 'Badges' });
  const next = activation.badges.length + 1;
  await badges.getByRole('button', { name: `Add Badge ${next}` }).click();
  const row = badges.getByRole('group', { name: `Badge ${next}` });
  // The new row's first field (its name, in the forms' one field order) has the focus, so a keyboard user goes on typing.
  await expect(row.getByRole('textbox').first()).toBeFocused();
  await expect(row.getByLabel('Name (English)')).toBeFocused();
  await row.getByLabel('Slug').fill('pit-wall-e2e');
  await row.getByLabel('Name (English)').fill('Pit wall');
  await row.getByLabel('Name (French)').fill('Muret des stands');
  await ops.getByRole('button', { name: 'Save' }).click();
  await expect(ops.getByRole('heading', { level: 1 })).toBeFocused();
  const saved = await adminGet<{ badges: { id: string; slug: string; name: string; translations: { fr?: { name?: string } } }[] }>(
    `/activations/${activation.id}`,
  );
  expect(saved.badges.map((b) => b.id).slice(0, activation.badges.length)).toEqual(activation.badges.map((b) => b.id));
  expect(saved.badges.at(-1)).toMatchObject({ slug: 'pit-wall-e2e', name: 'Pit wall', translations: { fr: { name: 'Muret des stands' } } });

  await ops.goto('/admin/organization');
  const ladder = ops.getByRole('group', { name: 'Daily check-in rewards' });
  await expect(ladder.getByRole('group', { name: 'Day 1' })).toBeVisible();
  const days = await ladder.getByRole('group', { name: /^Day \d+$/ }).count();
  await ladder.getByRole('button', { name: `Add Day ${days + 1}` }).click();
  await ladder
    .getByRole('group', { name: `Day ${days + 1}` })
    .getByLabel('Points')
    .fill('77');
  await ops.getByRole('button', { name: 'Save' }).click();
  await expect(ops.getByRole('heading', { level: 1 })).toBeFocused();
  const fan = await signedIn(browser, newFanEmail('ladder'));
  const checkin = await apiGet<{ rewards: { day: number; points: number }[] }>(request, await sessionTokenOf(fan), '/checkin');
  expect(checkin.rewards.at(-1)).toEqual({ day: days + 1, points: 77 });

  // Removing the row again leaves the ladder as the demo has it.
  await ladder.getByRole('button', { name: `Remove Day ${days + 1}` }).click();
  await expect(ladder.getByRole('button', { name: `Add Day ${days + 1}` })).toBeFocused();
  await ops.getByRole('button', { name: 'Save' }).click();
  await expect(ops.getByRole('heading', { level: 1 })).toBeFocused();
  await expect
    .poll(async () => (await apiGet<{ rewards: unknown[] }>(request, await sessionTokenOf(fan), '/checkin')).rewards.length)
    .toBe(days);
});

test("an operator reorders a story's chapters with the keyboard and saves; a fan then sees them in the new order", async ({
  browser,
  request,
}) => {
  const fan = await signedIn(browser, newFanEmail('story'));
  const token = await sessionTokenOf(fan);
  interface FanStory {
    id: string;
    title: string;
    chapters: Array<{ id: string; title: string; orderIndex: number }>;
  }
  const ordered = (story: FanStory) => [...story.chapters].sort((a, b) => a.orderIndex - b.orderIndex).map((c) => c.title);
  const sponsored = async () =>
    (await apiGet<FanStory[]>(request, token, '/content/stories')).find((s) => s.title === 'Powered by Blue Horizon Energy')!;
  const before = await sponsored();
  expect(ordered(before)).toEqual(['Renewable at the track', 'Fans ride for less']);

  const ops = await signedIn(browser, OPERATOR, { width: 1280, height: 900 });
  await ops.goto(`/admin/stories/${before.id}`);
  const handle = ops.getByRole('button', { name: 'Move Renewable at the track (position 1)' });
  await handle.focus();
  await ops.keyboard.press('Space');
  // dnd-kit marks the picked-up chapter's handle as pressed.
  await expect(handle).toHaveAttribute('aria-pressed', 'true');
  // The chapter below makes room: it slides up while the picked-up one is over its place. dnd-kit listens for the
  // arrow keys from an effect after the pick-up renders, so a key pressed in between is pressed again (a second
  // ArrowDown on the last place changes nothing).
  await expect(async () => {
    await ops.keyboard.press('ArrowDown');
    await expect(ops.locator('li[data-chapter]').nth(1)).toHaveAttribute('style', /translate3d\(0px, -/, { timeout: 1_000 });
  }).toPass();
  await ops.keyboard.press('Space');
  await expect(ops.getByRole('status').filter({ hasText: 'Renewable at the track moved to position 2 of 2.' })).toBeAttached();
  await expect(ops.getByRole('heading', { level: 3 })).toHaveText(['Chapter 1: Fans ride for less', 'Chapter 2: Renewable at the track']);
  await ops.getByRole('button', { name: 'Save' }).focus();
  await ops.keyboard.press('Enter');
  await expect(ops.getByRole('heading', { level: 1 })).toBeFocused();

  const after = await sponsored();
  expect(ordered(after)).toEqual(['Fans ride for less', 'Renewable at the track']);
  // The chapters kept their ids (a fan's views stay attached to them).
  expect(after.chapters.map((c) => c.id).sort()).toEqual(before.chapters.map((c) => c.id).sort());
  await fan.goto(`/stories/${before.id}`);
  await expect(fan.getByRole('region', { name: before.title }).getByRole('heading', { level: 2 })).toHaveText('Fans ride for less');
});

test('an operator creates a download with an uploaded PDF and a playlist of two videos in the order chosen', async ({
  browser,
  request,
}) => {
  const ops = await signedIn(browser, OPERATOR, { width: 1280, height: 900 });
  const headers = await apiHeaders(request, await sessionTokenOf(ops));
  const adminGet = async <T>(path: string): Promise<T> => {
    const res = await request.get(`/api/admin${path}`, { headers });
    expect(res.ok(), `GET /api/admin${path} -> ${res.status()}`).toBeTruthy();
    return (await res.json()).data as T;
  };

  await ops.goto('/admin/downloads/new');
  await ops.getByLabel(/^File id/).fill('e2e-stickers');
  await ops.getByLabel('Title (English)').fill('E2E stickers');
  await ops.getByLabel('File', { exact: true }).setInputFiles('server/seed/cdn/alpine-racing-stickers.pdf');
  await expect(ops.getByText('File attached')).toBeVisible();
  await ops.getByRole('button', { name: 'Create' }).click();
  await expect(ops).toHaveURL(/\/admin\/downloads\/[0-9a-f-]{36}$/);
  const download = await adminGet<AdminDownload>(`/downloads/${new URL(ops.url()).pathname.split('/').pop()}`);
  expect(download.fileMediaId).toBeTruthy();
  expect((await request.get(`/api/media/${download.fileMediaId}`)).headers()['content-type']).toContain('application/pdf');

  const videos = await adminGet<AdminVideo[]>('/videos?pageSize=100');
  const idOf = (name: string) => videos.find((v) => v.name === name)!.id;
  await ops.goto('/admin/playlists/new');
  await ops.getByLabel('Address (slug)').fill('e2e-two-videos');
  await ops.getByLabel('Name (English)').fill('E2E two videos');
  for (const name of ['Onboard lap at Monza', 'Pit stop in 2.1 seconds']) {
    await ops.getByLabel('Add a video').selectOption({ label: name });
    await ops.getByRole('button', { name: 'Add', exact: true }).click();
  }
  await ops.getByRole('button', { name: 'Move Pit stop in 2.1 seconds up' }).click();
  await expect(ops.getByRole('status').filter({ hasText: 'Pit stop in 2.1 seconds moved to position 1 of 2.' })).toBeAttached();
  await ops.getByRole('button', { name: 'Create' }).click();
  await expect(ops).toHaveURL(/\/admin\/playlists\/[0-9a-f-]{36}$/);
  const playlist = await adminGet<AdminPlaylist>(`/playlists/${new URL(ops.url()).pathname.split('/').pop()}`);
  expect(playlist.videoIds).toEqual([idOf('Pit stop in 2.1 seconds'), idOf('Onboard lap at Monza')]);
});

test("every console list reads the demo's items with its resource's contract", async ({ browser }) => {
  const ops = await signedIn(browser, OPERATOR, { width: 1280, height: 900 });
  const lists = [
    'challenges',
    'stories',
    'videos',
    'articles',
    'playlists',
    'sweepstakes',
    'activations',
    'benefits',
    'carousel-cards',
    'consents',
    'downloads',
    'ranks',
    'media',
    'members',
  ];
  for (const path of lists) {
    await ops.goto(`/admin/${path}`);
    // An answer that does not match the contract is an error the page shows (role=alert), not a table.
    await expect(ops.getByRole('table').locator('tbody tr').first(), path).toBeVisible();
  }
});
