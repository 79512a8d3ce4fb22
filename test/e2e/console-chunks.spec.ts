/**
 * The operator console's chunks load in any order (the console is split off the fan app). An operator
 * opening a console page cold loads its route's chunk and the console's chunk at once; if two chunks import each
 * other and one runs the other's code while it is loaded, the page breaks only when that one happens to load
 * first. So each console chunk is loaded here as the first console code of a fresh page, and must evaluate without
 * an error. The chunks are the build's list (`scripts/lib/console-chunks.ts`).
 *
 * After a deploy, an open tab still runs the old build, whose console chunks are gone from the server: opening the
 * console from it reloads the tab once and the console works; a chunk still missing after that
 * reload shows the error page rather than reloading in a loop.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONSOLE_CHUNKS_LIST } from '../../scripts/lib/console-chunks';
import type { Browser, Page } from '@playwright/test';
import { expect, signedIn, test } from './fixtures';

const OPERATOR = 'ops@alpine-racing.example';

const STATIC_DIR = process.env.STATIC_DIR ?? 'dist';

test('every console chunk evaluates when it is the first console code a page loads', async ({ browser }) => {
  const files: string[] = JSON.parse(await readFile(join(STATIC_DIR, CONSOLE_CHUNKS_LIST), 'utf8'));
  const chunks = files.filter((file) => file.endsWith('.js'));
  expect(chunks.some((file) => /(^|\/)console-[^/]*\.js$/.test(file))).toBe(true);
  const context = await browser.newContext({ serviceWorkers: 'block' });
  for (const chunk of chunks) {
    const page = await context.newPage();
    await page.goto('/login');
    const error = await page.evaluate(async (url) => {
      try {
        await import(/* @vite-ignore */ url);
        return null;
      } catch (caught) {
        return String(caught);
      }
    }, `/${chunk}`);
    expect(error, `loading ${chunk} first`).toBeNull();
    await page.close();
  }
  await context.close();
});

test.describe('after a deploy', () => {
  const viewport = { width: 1280, height: 900 };

  /**
   * The operator's app tab on /dashboard, as before a deploy: no service worker (its precache would answer for the
   * fan's chunks; the console's are never in it), and the document requests of the page recorded from here on.
   */
  async function operatorTab(browser: Browser): Promise<{ page: Page; documents: string[] }> {
    const signed = await signedIn(browser, OPERATOR, viewport);
    const storageState = await signed.context().storageState();
    await signed.context().close();
    const page = await (await browser.newContext({ viewport, storageState, serviceWorkers: 'block' })).newPage();
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: /points and rank/i })).toBeVisible();
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(new URL(request.url()).pathname);
    });
    return { page, documents };
  }

  /**
   * Opens the console from the app bar's link. `dispatchEvent`: the click without the hover before it, whose intent
   * preload would meet the missing chunk first and reload the tab where it is (/dashboard).
   */
  const openConsole = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Operator console' }).dispatchEvent('click');

  test('an open tab whose console chunks are gone reloads once, and the console opens', async ({ browser }) => {
    const { page, documents } = await operatorTab(browser);
    // The deploy: the chunks this tab would load next are gone (404) until the reload, which loads the new build.
    const gone = new Set<string>();
    await page.route(/\/assets\/console-[^/]+\.js$/, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (documents.length > 0) return route.continue();
      gone.add(path);
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
    });
    await openConsole(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
    expect(gone.size, 'a console chunk was missing').toBeGreaterThan(0);
    expect(documents).toEqual(['/admin']);
    await expect(page.getByText('500')).toHaveCount(0);
    await page.context().close();
  });

  test('a tab whose console strings are gone (a chunk the router does not load) reloads once, and the console reads right', async ({
    browser,
  }) => {
    const { page, documents } = await operatorTab(browser);
    const gone = new Set<string>();
    await page.route(/\/assets\/console-locale-en-[^/]+\.js$/, (route) => {
      if (documents.length > 0) return route.continue();
      gone.add(new URL(route.request().url()).pathname);
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
    });
    await openConsole(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Challenges', exact: true })).toBeVisible();
    expect(gone.size, 'the strings chunk was missing').toBe(1);
    expect(documents).toEqual(['/admin']);
    await page.context().close();
  });

  test('a chunk still missing after the reload shows the error page instead of reloading again', async ({ browser }) => {
    const { page, documents } = await operatorTab(browser);
    await page.route(/\/assets\/console-[^/]+\.js$/, (route) =>
      route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }),
    );
    await openConsole(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/cannot be found/i);
    expect(documents).toEqual(['/admin']);
    await page.context().close();
  });
});
