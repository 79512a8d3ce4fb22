/**
 * `npm run bench`: prints Podium's performance figures (no pass/fail; targets are read by people):
 * - first-load JavaScript of /dashboard (gzip KiB, see bench-bundle.ts);
 * - API throughput on the embedded PGlite for a signed-in fan: GET /api/user/me, GET /api/challenge,
 *   GET /api/checkin (autocannon, 10 connections, 10 s each: requests/s, latency p50/p99 in ms);
 * - entering a pick'em result over 50,000 responses on PostgreSQL (ms, see bench-results.ts);
 * - the daily points-expiry job over 100,000 members on PostgreSQL (ms, see bench-expiry.ts).
 */
import autocannon from 'autocannon';
import { measureDashboardJs, printDashboardJs } from './bench-bundle';
import { printPointsExpiry } from './bench-expiry';
import { printResultEntry } from './bench-results';
import { apiHeaders, startServer, signInFan } from './lib/server';

printDashboardJs('local auth, no analytics', await measureDashboardJs(), true, false);

const server = await startServer(3211);
try {
  const token = await signInFan(server, `bench-api-${Date.now()}@fans.example`);
  const headers = await apiHeaders(server, token);
  for (const path of ['/api/user/me', '/api/challenge', '/api/checkin']) {
    const result = await autocannon({
      url: `${server.baseUrl}${path}`,
      connections: 10,
      duration: 10,
      headers,
    });
    const non2xx = result.non2xx;
    console.log(
      `${path.padEnd(18)} ${Math.round(result.requests.average).toString().padStart(6)} req/s  ` +
        `p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  non-2xx ${non2xx}`,
    );
  }
} finally {
  await server.stop();
}

await printResultEntry();
await printPointsExpiry();
