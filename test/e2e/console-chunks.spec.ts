/**
 * The operator console's chunks load in any order (decision 0052: the console is split off the fan app). An operator
 * opening a console page cold loads its route's chunk and the console's chunk at once; if two chunks import each
 * other and one runs the other's code while it is loaded, the page breaks only when that one happens to load
 * first. So each console chunk is loaded here as the first console code of a fresh page, and must evaluate without
 * an error. The chunks are the build's list (`scripts/lib/console-chunks.ts`).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CONSOLE_CHUNKS_LIST } from '../../scripts/lib/console-chunks';
import { expect, test } from './fixtures';

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
