/**
 * `npm run bench:uploads`: a fan's `GET /api/user/me` latency on the embedded PGlite (data directory on disk,
 * as `npm start` runs) while another member uploads 5 MB images. Prints the median and p95 of
 * the reads, idle and during 12 uploads (4 at a time), in ms. A figure for people, no pass/fail.
 * Env: `BENCH_PORT` (default 3212).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiHeaders, signInFan, startServer } from './lib/server';

const port = Number(process.env.BENCH_PORT ?? 3212);
const dataDir = mkdtempSync(join(tmpdir(), 'podium-bench-uploads-'));
const server = await startServer(port, { PODIUM_DATA_DIR: dataDir, UPLOAD_DAILY_COUNT: '1000', UPLOAD_DAILY_BYTES: String(1 << 30) }).catch(
  (error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  },
);

/** A 5 MB "PNG": the signature is what the server checks; the rest is incompressible noise. */
const image = new Uint8Array(5 * 1024 * 1024);
for (let i = 0; i < image.length; i++) image[i] = (i * 2654435761) >>> 24;
image.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

try {
  const fan = await signInFan(server, `bench-reader-${Date.now()}@fans.example`);
  const uploader = await signInFan(server, `bench-uploader-${Date.now()}@fans.example`);
  const fanHeaders = await apiHeaders(server, fan);
  const uploaderHeaders = await apiHeaders(server, uploader);
  const readMe = async () => {
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}/api/user/me`, { headers: fanHeaders });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`GET /api/user/me: ${res.status}`);
    return performance.now() - started;
  };
  /** Reads one after another until `done()` says stop; returns the latencies. */
  const readWhile = async (done: () => boolean) => {
    const latencies: number[] = [];
    while (!done()) latencies.push(await readMe());
    return latencies;
  };

  for (let i = 0; i < 20; i++) await readMe(); // warm up
  const idleUntil = performance.now() + 3000;
  const idle = await readWhile(() => performance.now() > idleUntil);

  let uploadsDone = false;
  const uploadTimes: number[] = [];
  const uploads = (async () => {
    const upload = async () => {
      const started = performance.now();
      const res = await fetch(`${server.baseUrl}/api/media`, {
        method: 'POST',
        headers: { ...uploaderHeaders, 'content-type': 'application/octet-stream' },
        body: image,
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`POST /api/media: ${res.status}`);
      uploadTimes.push(performance.now() - started);
    };
    for (let round = 0; round < 3; round++) await Promise.all(Array.from({ length: 4 }, upload));
    uploadsDone = true;
  })();
  const busy = await readWhile(() => uploadsDone);
  await uploads;

  const fmt = (values: number[]) =>
    `median ${percentile(values, 50).toFixed(1)} ms  p95 ${percentile(values, 95).toFixed(1)} ms  (${values.length} reads)`;
  console.log(`GET /api/user/me idle:                   ${fmt(idle)}`);
  console.log(`GET /api/user/me during 12 uploads of 5 MB: ${fmt(busy)}`);
  console.log(`POST /api/media 5 MB:                     median ${percentile(uploadTimes, 50).toFixed(0)} ms`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
