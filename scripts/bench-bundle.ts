/**
 * `npm run bench:bundle`: the JavaScript a signed-in member's browser loads on a cold load of `/dashboard`
 * (service worker blocked, empty cache), until the dashboard's main heading is visible and the network is idle.
 * Prints each script with its gzip size (zlib level 6 of the body, KiB) and the total against the 135 KiB budget.
 * Needs a build (`npm run build`) and Debian's Chromium.
 */
import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { startServer, signInFan } from './lib/server';

const BUDGET_KIB = 135;

export async function measureDashboardJs(): Promise<{ totalKiB: number; chunks: { url: string; gzipKiB: number }[] }> {
  const server = await startServer(3210);
  try {
    const token = await signInFan(server, `bench-${Date.now()}@fans.example`);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
    await context.addInitScript((t) => localStorage.setItem('podium.session.token', t), token);
    const page = await context.newPage();
    const scripts: Promise<{ url: string; gzipKiB: number }>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      scripts.push(res.body().then((b) => ({ url: new URL(res.url()).pathname, gzipKiB: gzipSync(b).length / 1024 })));
    });
    await page.goto(`${server.baseUrl}/dashboard`);
    await page.waitForURL(/\/dashboard/);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const chunks = (await Promise.all(scripts)).sort((a, b) => b.gzipKiB - a.gzipKiB);
    await browser.close();
    return { totalKiB: chunks.reduce((s, c) => s + c.gzipKiB, 0), chunks };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { totalKiB, chunks } = await measureDashboardJs();
  for (const c of chunks) console.log(`${c.gzipKiB.toFixed(1).padStart(7)} KiB  ${c.url}`);
  console.log(`first-load JavaScript for /dashboard: ${totalKiB.toFixed(1)} KiB gzip (budget ${BUDGET_KIB} KiB) ${totalKiB <= BUDGET_KIB ? 'OK' : 'OVER BUDGET'}`);
}
