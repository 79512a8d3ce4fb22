/**
 * The figures dashboard end to end in Chromium against the real server: a fan checks in (through the API), an
 * operator opens the console's Figures page from its navigation, sees the period's check-ins as the server counts
 * them (`GET /api/admin/figures`), switches the period to today with the keyboard, and downloads the check-ins as
 * a CSV file whose last row is today's count.
 */
import { readFile } from 'node:fs/promises';
import { apiGet, apiHeaders, apiSignIn, expect, newFanEmail, signInThroughUi, test } from './fixtures';

/** The run's operator (playwright.config.ts `OPERATOR_EMAILS`, which makes only an organization's first operator). */
const OPERATOR = 'ops@alpine-racing.example';

interface Figures {
  from: string;
  to: string;
  checkins: { total: number; days: Array<{ day: string; count: number }> };
}

test('an operator reads the figures, changes the period and downloads a figure as CSV', async ({ browser, request }) => {
  const fan = await apiSignIn(request, newFanEmail('figures'));
  const checkin = await request.post('/api/checkin', {
    headers: { ...(await apiHeaders(request, fan)), 'content-type': 'application/json' },
    data: {},
  });
  expect(checkin.ok(), `POST /api/checkin -> ${checkin.status()}`).toBeTruthy();

  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true })).newPage();
  await page.goto('/login');
  await signInThroughUi(page, OPERATOR);
  const operator = await page.evaluate(() => localStorage.getItem('podium.session.token'));
  expect(operator).toBeTruthy();
  const figures = async (period: string) => apiGet<Figures>(request, operator!, `/admin/figures?period=${period}`);

  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Figures' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Figures' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked();
  const week = await figures('7d');
  expect(week.checkins.total).toBeGreaterThanOrEqual(1);
  const checkins = page.getByRole('definition').and(page.locator('[data-figure="checkins"]'));
  await expect(checkins).toHaveText(String(week.checkins.total));
  // Each daily chart is a labelled picture with its numbers in a table behind a disclosure.
  await expect(page.getByRole('img', { name: /^Check-ins by day: chart of Count by day/ })).toBeVisible();
  const section = page.getByRole('region', { name: 'Check-ins by day' });
  await section.getByText('Show as a table').click();
  // The data table, not the chart's legend (a table of its own, "Legend of Check-ins by day").
  await expect(section.getByRole('table', { name: 'Check-ins by day', exact: true }).getByRole('row')).toHaveCount(
    1 + week.checkins.days.length,
  );

  // The period, with the keyboard: from "7 days" the arrow keys move to "Today".
  await page.getByRole('radio', { name: '7 days' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: 'Today' })).toBeChecked();
  await expect(page).toHaveURL(/[?&]period=today/);
  const today = await figures('today');
  expect(today.from).toBe(today.to);
  // The page keeps the 7 days' figures on screen while today's load, and on a fresh server both count the same
  // check-ins: today's range, one day from and to, shows today's figures arrived before they are read or downloaded.
  await expect(page.getByText(/^(.+) to \1 \(/)).toBeVisible();
  await expect(checkins).toHaveText(String(today.checkins.total));

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV of Check-ins by day' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`checkins-${today.from}-${today.to}.csv`);
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv).toBe(`day,checkins\r\n${today.to},${today.checkins.total}\r\n`);
  await expect(page.getByText(`checkins-${today.from}-${today.to}.csv downloaded`)).toBeVisible();
});
