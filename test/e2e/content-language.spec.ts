/**
 * Content in the fan's language, end to end in Chromium against the real server: a fan whose browser speaks
 * English picks "Français" in their profile, and the club's content (a challenge's title) comes in French, not only
 * the interface; back in English, the English title returns, never the other language's cached text.
 */
import type { Page } from '@playwright/test';
import { apiHeaders, expect, newFanEmail, sessionTokenOf, signedIn, test } from './fixtures';

const OPERATOR = 'ops@alpine-racing.example';

/** Picks `name` in the profile's language switcher and waits until the page speaks `code`. */
async function chooseLanguage(page: Page, name: string, code: string): Promise<void> {
  await page.goto('/profile');
  await page.getByRole('button', { name }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', code);
}

/** On the polls page, the challenge shows under its `shown` title and never under its `hidden` one. */
async function expectTitles(page: Page, titles: { shown: string; hidden: string }): Promise<void> {
  await page.goto('/challenges/poll');
  await expect(page.getByRole('link', { name: new RegExp(titles.shown) })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(titles.hidden) })).toHaveCount(0);
}

test("choosing Français in the app translates the club's content too, and English comes back when chosen again", async ({
  browser,
  request,
}) => {
  const suffix = Date.now() % 100_000;
  const english = `Best pit crew of the season ${suffix}`;
  const french = `Meilleure équipe de mécaniciens de la saison ${suffix}`;
  const ops = await signedIn(browser, OPERATOR, { width: 1280, height: 900 });
  const created = await request.post('/api/admin/challenges', {
    headers: await apiHeaders(request, await sessionTokenOf(ops)),
    data: {
      type: 'poll',
      subtype: 'poll',
      title: english,
      visibleFrom: new Date(Date.now() - 60_000).toISOString(),
      expiresOn: new Date(Date.now() + 3 * 3600_000).toISOString(),
      options: [
        { text: 'Garage A', points: 5 },
        { text: 'Garage B', points: 5 },
      ],
      translations: { fr: { title: french, options: ['Garage A', 'Garage B'] } },
    },
  });
  expect(created.status()).toBe(201);
  await ops.close();

  const fan = await signedIn(browser, newFanEmail('language'));
  await expectTitles(fan, { shown: english, hidden: french });
  await chooseLanguage(fan, 'Français', 'fr');
  await expectTitles(fan, { shown: french, hidden: english });
  await chooseLanguage(fan, 'English', 'en');
  await expectTitles(fan, { shown: english, hidden: french });
});
