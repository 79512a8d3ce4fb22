/**
 * Content in the fan's language, end to end in Chromium against the real server: a fan whose browser speaks
 * English picks "Français" in their profile, and the club's content (a challenge's title) comes in French, not only
 * the interface; back in English, the English title returns, never the other language's cached text.
 */
import { apiHeaders, expect, newFanEmail, sessionTokenOf, signedIn, test } from './fixtures';

const OPERATOR = 'ops@alpine-racing.example';

test('choosing Français in the app translates the club\'s content too, and English comes back when chosen again', async ({ browser, request }) => {
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
  await fan.goto('/challenges/poll');
  await expect(fan.getByRole('link', { name: new RegExp(english) })).toBeVisible();

  await fan.goto('/profile');
  await fan.getByRole('button', { name: 'Français' }).click();
  await expect(fan.locator('html')).toHaveAttribute('lang', 'fr');
  await fan.goto('/challenges/poll');
  await expect(fan.getByRole('link', { name: new RegExp(french) })).toBeVisible();
  await expect(fan.getByRole('link', { name: new RegExp(english) })).toHaveCount(0);

  await fan.goto('/profile');
  await fan.getByRole('button', { name: 'English' }).click();
  await expect(fan.locator('html')).toHaveAttribute('lang', 'en');
  await fan.goto('/challenges/poll');
  await expect(fan.getByRole('link', { name: new RegExp(english) })).toBeVisible();
  await expect(fan.getByRole('link', { name: new RegExp(french) })).toHaveCount(0);
});
