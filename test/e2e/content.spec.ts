/**
 * The content screens end to end in Debian's Chromium against the real server (fresh in-memory PGlite, seeded demo content):
 * what a fan does with the content screens — videos (view recorded once watched, never on open), articles (read
 * recorded at the end), stories (viewer, keyboard, chapter views once, rank-coded stories), sweepstakes (sections
 * by status, InsufficientPoints toast, entering with a count), the underage rules, the profile (avatar upload,
 * fake image refused, consents), the points history, the digital downloads and a French content page.
 * Every award or spend is checked in the server's ledger through the API.
 */
import type { Page } from '@playwright/test';
import { apiGet, expect, test } from './fixtures';
import {
  ONE_PIXEL_PNG,
  birthdayYearsAgo,
  distinctAttempts,
  earnPointsByWatchingVideos,
  ledgerOf,
  newOnboardedFan,
  pointsOf,
  rowsFor,
  watchRequests,
  type Article,
  type Consent,
  type Me,
  type Story,
  type Sweepstake,
  type Video,
} from './content-helpers';

/** Plays the page's `<video>` muted from the start and waits for its `ended` event. */
async function watchToTheEnd(page: Page, name: string): Promise<void> {
  const video = page.getByLabel(name, { exact: true });
  await expect(video).toBeVisible();
  await video.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    el.currentTime = 0;
    await el.play();
  });
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.ended), { timeout: 30_000 }).toBe(true);
}

test.describe('media', () => {
  test('a video is not recorded on open; watching it to the end awards its points once, and watching again awards nothing', async ({
    page,
    request,
  }) => {
    const token = await newOnboardedFan(page);
    const videos = await apiGet<Video[]>(request, token, '/content/videos');
    const clip = videos.find((v) => /pit stop/i.test(v.name))!;
    expect(clip, 'seeded "Pit stop" video').toBeTruthy();
    const views = watchRequests(page, /\/api\/content\/videos\/[^/]+\/view$/);

    await page.goto('/media');
    const videoSection = page.getByRole('region', { name: /^videos$/i });
    await expect(videoSection.getByRole('link', { name: new RegExp(clip.name) }).first()).toBeVisible();
    await videoSection.getByRole('link', { name: /see all/i }).click();
    await expect(page).toHaveURL(/\/media\/videos$/);
    const list = page.getByRole('list', { name: /^videos$/i });
    for (const v of videos) await expect(list.getByRole('link', { name: new RegExp(v.name) })).toBeVisible();

    await list.getByRole('link', { name: new RegExp(clip.name) }).click();
    await expect(page).toHaveURL(new RegExp(`/media/videos/${clip.id}$`));
    await expect(page.getByText(/watch it to the end to earn the points/i)).toBeVisible();
    const player = page.getByLabel(clip.name, { exact: true });
    await expect.poll(() => player.evaluate((el: HTMLVideoElement) => el.readyState)).toBeGreaterThanOrEqual(1);
    expect(views, 'no view call on open').toHaveLength(0);
    expect(await rowsFor(request, token, `video:${clip.id}`)).toHaveLength(0);
    expect(await pointsOf(request, token)).toBe(0);

    await watchToTheEnd(page, clip.name);
    await expect(page.getByText(/^watched$/i)).toBeVisible();
    await expect.poll(() => pointsOf(request, token)).toBe(clip.value);
    const rows = await rowsFor(request, token, `video:${clip.id}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: clip.value, reason: 'video_view' });
    expect(distinctAttempts(views)).toBe(1);

    await page.reload();
    await expect(page.getByText(/^watched$/i)).toBeVisible();
    await watchToTheEnd(page, clip.name);
    expect(distinctAttempts(views), 'no second view attempt').toBe(1);
    expect(await rowsFor(request, token, `video:${clip.id}`)).toHaveLength(1);
    expect(await pointsOf(request, token)).toBe(clip.value);
  });
});

test.describe('articles', () => {
  test('an article read is recorded only when its end scrolls into view, and only once', async ({ page, request }) => {
    const token = await newOnboardedFan(page);
    const articles = await apiGet<Article[]>(request, token, '/content/articles');
    const article = articles.find((a) => /two-second pit stop/i.test(a.title))!;
    expect(article, 'seeded pit-stop article').toBeTruthy();
    const reads = watchRequests(page, /\/api\/content\/articles\/[^/]+\/read$/);

    await page.goto(`/articles/${article.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
    const endHint = page.getByText(new RegExp(`read to the end to earn ${article.value} points`, 'i'));
    await expect(endHint).toBeAttached();
    await expect(endHint).not.toBeInViewport();
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    expect(reads, 'no read call before the end is seen').toHaveLength(0);
    expect(await rowsFor(request, token, `article:${article.id}`)).toHaveLength(0);

    await endHint.scrollIntoViewIfNeeded();
    await expect(page.getByText(new RegExp(`you read it all — ${article.value} points earned`, 'i'))).toBeVisible();
    await expect.poll(async () => (await rowsFor(request, token, `article:${article.id}`)).length).toBe(1);
    expect(await pointsOf(request, token)).toBe(article.value);

    await page.reload();
    await expect(page.getByText(/^read$/i)).toBeVisible();
    const done = page.getByText(/you read it all/i);
    await done.scrollIntoViewIfNeeded();
    await expect(done).toBeInViewport();
    expect(distinctAttempts(reads), 'one read attempt in all').toBe(1);
    expect(await rowsFor(request, token, `article:${article.id}`)).toHaveLength(1);
    expect(await pointsOf(request, token)).toBe(article.value);
  });
});

test.describe('stories', () => {
  test('a story opened from the rail shows its chapters in order; ArrowRight advances, Escape closes, each chapter is recorded once', async ({
    page,
    request,
  }) => {
    const token = await newOnboardedFan(page);
    const stories = await apiGet<Story[]>(request, token, '/content/stories');
    const story = stories.find((s) => /behind the scenes: the garage/i.test(s.title))!;
    expect(story, 'seeded garage story').toBeTruthy();
    const chapters = [...story.chapters].sort((a, b) => a.orderIndex - b.orderIndex);
    expect(chapters.length).toBeGreaterThanOrEqual(3);

    const rail = page.getByRole('region', { name: /^stories$/i });
    await rail.getByRole('link', { name: `${story.title} (new)` }).click();
    await expect(page).toHaveURL(new RegExp(`/stories/${story.id}$`));
    const viewer = page.getByRole('region', { name: story.title });
    await expect(viewer).toBeVisible();
    // Pause the auto-advance so each step is driven by the keyboard only.
    await viewer.getByRole('button', { name: /^pause$/i }).click();
    await expect(viewer.getByRole('button', { name: /^resume$/i })).toHaveAttribute('aria-pressed', 'true');
    const bars = viewer.locator('.story-viewer__bar');
    await expect(bars).toHaveCount(chapters.length);

    for (let i = 0; i < chapters.length; i++) {
      await expect(viewer.getByRole('heading', { level: 2 })).toHaveText(chapters[i].title);
      await expect(viewer.getByText(`Chapter ${i + 1} of ${chapters.length}: ${chapters[i].title}`)).toBeAttached();
      // Progress: the bars before the current chapter are full, the ones after it empty.
      for (let j = 0; j < i; j++) await expect(bars.nth(j).locator('.story-viewer__fill')).toHaveAttribute('style', /width: 100%/);
      for (let j = i + 1; j < chapters.length; j++)
        await expect(bars.nth(j).locator('.story-viewer__fill')).toHaveAttribute('style', /width: 0%/);
      await expect.poll(async () => (await rowsFor(request, token, `story-chapter:${chapters[i].id}`)).length).toBe(1);
      if (i < chapters.length - 1) await page.keyboard.press('ArrowRight');
    }
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(rail.getByRole('link', { name: `${story.title} (watched)` })).toBeVisible();

    const storyRows = (await ledgerOf(request, token)).filter((t) => t.reference.startsWith('story-chapter:'));
    expect(storyRows.map((t) => t.reference).sort()).toEqual(chapters.map((c) => `story-chapter:${c.id}`).sort());
    const earned = chapters.reduce((sum, c) => sum + c.value, 0);
    expect(await pointsOf(request, token)).toBe(earned);

    // Watching it again records nothing more.
    await rail.getByRole('link', { name: `${story.title} (watched)` }).click();
    await expect(page.getByRole('region', { name: story.title })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('region', { name: story.title }).getByRole('heading', { level: 2 })).toHaveText(chapters[1].title);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/dashboard$/);
    expect((await ledgerOf(request, token)).filter((t) => t.reference.startsWith('story-chapter:'))).toHaveLength(chapters.length);
    expect(await pointsOf(request, token)).toBe(earned);
  });

  test('a new P10 fan sees the P10 story but not the "P1 …" story, in the rail and from the API; gated rewards are open to an adult', async ({
    page,
    request,
  }) => {
    const token = await newOnboardedFan(page, { birthday: birthdayYearsAgo(30) });
    expect((await apiGet<Me>(request, token, '/user/me')).rank).toBe('P10');
    const rail = page.getByRole('region', { name: /^stories$/i });
    await expect(rail.getByRole('link', { name: /^P10 Welcome pack/ })).toBeVisible();
    await expect(rail.getByRole('link', { name: /behind the scenes/i })).toBeVisible();
    await expect(rail.getByRole('link', { name: /^P1 / })).toHaveCount(0);
    await expect(rail.getByRole('link', { name: /^P9 / })).toHaveCount(0);
    const titles = (await apiGet<Story[]>(request, token, '/content/stories')).map((s) => s.title);
    expect(titles.some((t) => /^P10 /.test(t))).toBe(true);
    expect(titles.filter((t) => /^P1 |^P9 /.test(t))).toEqual([]);

    const rewards = page.getByRole('region', { name: /^rewards$/i });
    await expect(rewards.getByRole('link', { name: /unlock rewards/i })).toBeVisible();
    await expect(rewards.getByText(/for members aged 18 and over/i)).toHaveCount(0);
  });
});

test.describe('sweepstakes', () => {
  test('the list is split into live, coming soon and ended sections', async ({ page, request }) => {
    const token = await newOnboardedFan(page);
    await page.goto('/sweepstakes');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/sweepstakes/i);
    const live = page.getByRole('region', { name: /live now/i });
    const soon = page.getByRole('region', { name: /coming soon/i });
    const ended = page.getByRole('region', { name: /^ended/i });
    await expect(live.getByRole('link', { name: /team cap and scarf bundle/i })).toBeVisible();
    await expect(live.getByRole('link', { name: /win a hot lap at monza/i })).toBeVisible();
    await expect(soon.getByRole('link', { name: /paddock club weekend for two/i })).toBeVisible();
    await expect(ended.getByRole('link', { name: /factory tour for four/i })).toBeVisible();
    await expect(live.getByRole('link', { name: /paddock club|factory tour/i })).toHaveCount(0);
    const all = await apiGet<Sweepstake[]>(request, token, '/sweepstake');
    const listed =
      (await live.getByRole('link').count()) + (await soon.getByRole('link').count()) + (await ended.getByRole('link').count());
    expect(listed, 'every sweepstake in exactly one section').toBe(all.length);
  });

  test('with 0 points an entry is refused with a destructive toast showing the balance; with points, a count of entries costs exactly count × entryCost', async ({
    page,
    request,
  }) => {
    const token = await newOnboardedFan(page);
    const all = await apiGet<Sweepstake[]>(request, token, '/sweepstake');
    const cap = all.find((s) => /team cap and scarf/i.test(s.title))!;
    expect(cap, 'seeded live sweepstake').toBeTruthy();

    await page.goto(`/sweepstakes/${cap.sweepstakeId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(cap.title);
    await page.getByRole('button', { name: new RegExp(`enter once · ${cap.entryCost} pts`, 'i') }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: /not enough points/i });
    await expect(toast).toBeVisible();
    await expect(toast).toHaveClass(/toast--destructive/);
    await expect(toast).toContainText(`You have 0 points; these entries cost ${cap.entryCost}.`);
    expect(await pointsOf(request, token)).toBe(0);
    expect((await ledgerOf(request, token)).filter((t) => t.reason === 'sweepstake_entry')).toHaveLength(0);

    // Earn enough for two entries (video views, the same call the video page makes once a clip is watched).
    const count = 2;
    const balance = await earnPointsByWatchingVideos(request, token, count * cap.entryCost);
    await page.reload();
    await expect(
      page
        .getByRole('term')
        .filter({ hasText: /your balance/i })
        .locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(`${balance} points`);
    await page.getByRole('button', { name: /one entry more/i }).click();
    const cost = count * cap.entryCost;
    await expect(page.getByText(new RegExp(`total: ${cost} points`, 'i'))).toBeVisible();
    await page.getByRole('button', { name: new RegExp(`enter ${count} times · ${cost} pts`, 'i') }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: new RegExp(`${count} entries added`, 'i') })).toBeVisible();

    await expect.poll(() => pointsOf(request, token)).toBe(balance - cost);
    const spends = (await ledgerOf(request, token)).filter((t) => t.reason === 'sweepstake_entry');
    expect(spends).toHaveLength(1);
    expect(spends[0].amount).toBe(-cost);
    const yourEntries = page
      .getByRole('term')
      .filter({ hasText: /^your entries$/i })
      .locator('xpath=following-sibling::dd[1]');
    await expect(yourEntries).toHaveText(String(count));
    await page
      .getByRole('link', { name: /^sweepstakes$/i })
      .first()
      .click();
    await expect(page.getByRole('link', { name: new RegExp(cap.title, 'i') })).toContainText(`You: ${count} entries`);
    expect((await apiGet<Sweepstake>(request, token, `/sweepstake/${cap.sweepstakeId}`)).userEntryCount).toBe(count);
  });
});

test.describe('underage', () => {
  test('a 17-year-old fan is sent from /contests, /benefits, /games/poll and /profile/edit to /dashboard and sees gated cards as restricted', async ({
    page,
    request,
  }) => {
    const birthday = birthdayYearsAgo(17, 30);
    const token = await newOnboardedFan(page, { birthday, prefix: 'minor' });
    expect((await apiGet<Me>(request, token, '/user/me')).birthday).toContain(birthday);

    for (const path of ['/contests', '/benefits', '/games/poll', '/profile/edit']) {
      await page.goto(path);
      await expect(page, `${path} redirects`).toHaveURL(/\/dashboard$/);
    }

    const rewards = page.getByRole('region', { name: /^rewards$/i });
    await expect(rewards.getByText(/some rewards are for members aged 18 and over/i)).toBeVisible();
    for (const title of [/unlock rewards/i, /win win win/i]) {
      const card = rewards.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
      await expect(card).toContainText(/for members aged 18 and over/i);
      await expect(card.locator('[aria-disabled="true"]')).toHaveCount(1);
      await expect(card.getByRole('link')).toHaveCount(0);
    }
    await expect(rewards.getByRole('link', { name: /follow the action/i })).toBeVisible();
    // Rank-coded stories are hidden from an underage fan, even of their own rank.
    const rail = page.getByRole('region', { name: /^stories$/i });
    await expect(rail.getByRole('link', { name: /behind the scenes/i })).toBeVisible();
    await expect(rail.getByRole('link', { name: /^P10 / })).toHaveCount(0);
  });
});

test.describe('profile', () => {
  test('a fan uploads a PNG avatar with a preview and sees it on /profile; a fake image is refused with a visible error', async ({
    page,
    request,
  }) => {
    const token = await newOnboardedFan(page);
    await page.goto('/profile/edit');
    const chooser = page.getByLabel(/choose a photo/i);

    await chooser.setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('this is not an image, only text\n'.repeat(4)),
    });
    await page.getByRole('button', { name: /use this photo/i }).click();
    const refused = page.locator('[data-sonner-toast]').filter({ hasText: /photo not saved/i });
    await expect(refused).toBeVisible();
    await expect(refused).toContainText(/isn’t a PNG, JPEG or WebP image/i);
    expect((await apiGet<Me>(request, token, '/user/me')).avatarUrl).toBeNull();

    await page.getByRole('button', { name: /^cancel$/i }).click();
    await chooser.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
    const preview = page.getByRole('img', { name: /preview of your new photo/i });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute('src', /^blob:/);
    await page.getByRole('button', { name: /use this photo/i }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: /profile photo updated/i })).toBeVisible();
    await expect.poll(async () => (await apiGet<Me>(request, token, '/user/me')).avatarUrl).toMatch(/\/api\/media\//);

    await page.goto('/profile');
    const avatar = page.locator('.profile-header img');
    await expect(avatar).toHaveAttribute('src', /\/api\/media\//);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    const src = await avatar.getAttribute('src');
    const served = await request.get(src!);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toMatch(/image\/png/);
  });

  test('a text file picked as a photo is refused before upload with an inline error', async ({ page }) => {
    await newOnboardedFan(page);
    await page.goto('/profile/edit');
    const chooser = page.getByLabel(/choose a photo/i);
    await chooser.setInputFiles({ name: 'notes.png', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(chooser).toHaveAccessibleDescription(/isn’t a PNG, JPEG or WebP image/i);
    await expect(page.getByRole('button', { name: /use this photo/i })).toHaveCount(0);
  });

  test('a consent switched on stays on after a reload and on the server', async ({ page, request }) => {
    const token = await newOnboardedFan(page);
    await page.goto('/profile/edit');
    const marketing = page.getByRole('switch', { name: /news and offers by e-mail/i });
    await expect(marketing).toHaveAttribute('aria-checked', 'false');
    const saved = page.waitForResponse((r) => /\/api\/consent\/user\//.test(r.url()) && r.request().method() === 'PATCH');
    await marketing.click();
    expect((await saved).ok()).toBe(true);
    await expect(marketing).toHaveAttribute('aria-checked', 'true');
    await page.reload();
    await expect(page.getByRole('switch', { name: /news and offers by e-mail/i })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('switch', { name: /offers from our partners/i })).toHaveAttribute('aria-checked', 'false');
    const consents = await apiGet<Consent[]>(request, token, '/consent/user');
    expect(consents.find((c) => c.id === 'marketing-emails')).toMatchObject({ enabled: true, value: 1 });
    expect(consents.find((c) => c.id === 'partner-offers')).toMatchObject({ enabled: false, value: 0 });
  });
});

test.describe('history and downloads', () => {
  test('/history lists the check-in row with its points', async ({ page, request }) => {
    const token = await newOnboardedFan(page);
    await page.goto('/history');
    await expect(page.getByText(/no points yet/i)).toBeVisible();
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /check in/i }).click();
    await expect(page.getByRole('button', { name: /check in/i })).toHaveCount(0);
    await expect.poll(async () => (await ledgerOf(request, token)).filter((t) => t.reason === 'checkin').length).toBe(1);
    const [row] = (await ledgerOf(request, token)).filter((t) => t.reason === 'checkin');

    await page.goto('/history');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/points history/i);
    const item = page.getByRole('listitem').filter({ hasText: row.label ?? /daily check-in/i });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(`+${row.amount}`);
    await expect(item).toContainText(/daily check-in/i);
    await expect(item).toContainText(`Balance ${row.balanceAfter}`);
  });

  test('/digital-downloads lists PDFs whose links point to {cdnBase}/{id} and answer 200 application/pdf', async ({ page, request }) => {
    await newOnboardedFan(page);
    const { cdnBase } = await (await request.get('/config.json')).json();
    await page.goto('/digital-downloads');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/digital downloads/i);
    const opens = page.getByRole('link', { name: /^open /i });
    await expect(opens.first()).toBeVisible();
    const count = await opens.count();
    expect(count).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole('heading', { name: /season calendar 2027/i })).toBeVisible();
    const hrefs = await Promise.all(Array.from({ length: count }, (_, i) => opens.nth(i).getAttribute('href')));
    // The demo's three PDFs are on its CDN; a PDF an operator uploaded is served from the media library.
    expect(
      hrefs.filter((href) => href!.startsWith(`${cdnBase}/`) && /^[\w.-]+\.pdf$/.test(href!.slice(cdnBase.length + 1))).length,
    ).toBeGreaterThanOrEqual(3);
    for (const href of hrefs as string[]) {
      const res = await request.get(href);
      expect(res.status(), href).toBe(200);
      expect(res.headers()['content-type']).toMatch(/^application\/pdf/);
      expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
});

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });
  test('the sweepstakes page renders in French', async ({ page }) => {
    await newOnboardedFan(page, { prefix: 'fr' });
    await page.goto('/sweepstakes');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jeux-concours');
    await expect(page.getByRole('region', { name: /en cours/i }).getByRole('link', { name: /lot casquette et écharpe/i })).toBeVisible();
    await expect(page.getByRole('region', { name: /bientôt/i }).getByRole('link', { name: /paddock club pour deux/i })).toBeVisible();
    await expect(
      page.getByRole('region', { name: /terminés/i }).getByRole('link', { name: /visite de l’usine pour quatre/i }),
    ).toBeVisible();
    await expect(page.getByText(/live now|coming soon|per entry/i)).toHaveCount(0);
  });
});

test.describe('organization content from the database', () => {
  test('benefits by rank and the cars page show the organization’s seeded content', async ({ page }) => {
    await newOnboardedFan(page, { prefix: 'program', birthday: birthdayYearsAgo(30, 0) });
    await page.goto('/benefits');
    const p10 = page.getByRole('listitem').filter({ has: page.getByText('P10', { exact: true }) });
    await expect(p10.getByText('Member card in the app')).toBeVisible();
    await page.goto('/cars');
    await expect(page.getByRole('heading', { name: 'Alpine A110', exact: true })).toBeVisible();
    await expect(page.getByText('1.6 L V6 turbo hybrid')).toBeVisible();
  });

  test.describe('in French', () => {
    test.use({ locale: 'fr-FR' });
    test('the cars page and the rewards carousel speak French', async ({ page }) => {
      await newOnboardedFan(page, { prefix: 'program-fr', birthday: birthdayYearsAgo(30, 0) });
      await expect(page.getByRole('region', { name: /^récompenses$/i }).getByRole('heading', { name: "Vivez l'action" })).toBeVisible();
      await page.goto('/cars');
      await expect(page.getByRole('heading', { name: 'Voiture de course', level: 2 })).toBeVisible();
      await expect(page.getByText('V6 1,6 L turbo hybride')).toBeVisible();
    });
  });
});
