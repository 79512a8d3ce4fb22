/**
 * `npm run bench:media`: how much a server process grows while it serves video by byte ranges.
 * Starts the real server (PGlite on disk, media in a directory, or with `BENCH_MEDIA_STORAGE=s3` in a bucket of the
 * local S3 stand-in), has an operator upload a 120 MiB MP4, then asks for 16 ranges of 2 MiB at once, three
 * rounds. Prints the process's resident memory (RSS, from /proc) before the ranges and its growth at the peak of
 * each round, in MiB, and the upload's own growth. A figure for people, no pass/fail.
 * Env: `BENCH_PORT` (default 3213), `BENCH_MEDIA_STORAGE` (`file` or `s3`).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startS3Store } from '../test/stand-ins/s3-store';
import { apiHeaders, signInFan, startServer } from './lib/server';

const MiB = 1024 * 1024;
const VIDEO_BYTES = 120 * MiB;
const RANGE_BYTES = 2 * MiB;
const CONCURRENT_RANGES = 16;
const OPERATOR = 'bench-operator@alpine-racing.example';

const port = Number(process.env.BENCH_PORT ?? 3213);
const storageKind = process.env.BENCH_MEDIA_STORAGE === 's3' ? 's3' : 'file';
const dataDir = mkdtempSync(join(tmpdir(), 'podium-bench-media-'));
const store = storageKind === 's3' ? await startS3Store() : null;

/** Resident memory of process `pid`, in bytes. */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line[1]) * 1024;
}

/** Runs `work` while sampling `pid`'s RSS every 5 ms; returns the highest sample. */
async function peakRssDuring(pid: number, work: () => Promise<unknown>): Promise<number> {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, rssOf(pid));
}

/** A 120 MiB "MP4": an `ftyp` box and one `mdat` box of noise (file-type recognises it; nobody plays it). */
function video(): Uint8Array {
  const bytes = new Uint8Array(VIDEO_BYTES);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 2654435761) >>> 24;
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0x18);
  bytes.set(new TextEncoder().encode('ftypisom'), 4);
  view.setUint32(12, 0x200);
  bytes.set(new TextEncoder().encode('isomiso2'), 16);
  view.setUint32(24, VIDEO_BYTES - 24);
  bytes.set(new TextEncoder().encode('mdat'), 28);
  return bytes;
}

const mib = (bytes: number) => `${(bytes / MiB).toFixed(0).padStart(5)} MiB`;

// All 16 ranges are let in at once (the embedded database's admission would queue half of them), so that the
// figure is what 16 streams in flight cost.
const server = await startServer(
  port,
  {
    PODIUM_DATA_DIR: dataDir,
    OPERATOR_EMAILS: OPERATOR,
    PGLITE_CONCURRENT_REQUESTS: String(CONCURRENT_RANGES),
    DATABASE_POOL_TIMEOUT_MS: '60000',
    ...(store?.env ?? {}),
  },
  { startTimeoutMs: 180_000 },
).catch(async (error: unknown) => {
  rmSync(dataDir, { recursive: true, force: true });
  await store?.stop();
  throw error;
});

try {
  const headers = await apiHeaders(server, await signInFan(server, OPERATOR));
  delete headers['content-type'];
  const form = new FormData();
  form.append('file', new Blob([video() as Uint8Array<ArrayBuffer>]), 'race.mp4');
  const beforeUpload = rssOf(server.pid);
  let url = '';
  const uploadPeak = await peakRssDuring(server.pid, async () => {
    const res = await fetch(`${server.baseUrl}/api/admin/media`, { method: 'POST', headers, body: form });
    const body = await res.json();
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
    url = `${server.baseUrl}${body.data.url}`;
  });
  /** Asks for 16 ranges of 2 MiB at once, spread over the video, and reads every answer to its end. */
  const ranges = (round: number) =>
    Promise.all(
      Array.from({ length: CONCURRENT_RANGES }, async (_, i) => {
        const start = ((round * CONCURRENT_RANGES + i) * 7 * MiB) % (VIDEO_BYTES - RANGE_BYTES);
        const res = await fetch(url, { headers: { range: `bytes=${start}-${start + RANGE_BYTES - 1}` } });
        const length = (await res.arrayBuffer()).byteLength;
        if (res.status !== 206 || length !== RANGE_BYTES) throw new Error(`range: ${res.status}, ${length} bytes`);
      }),
    );
  await new Promise((resolve) => setTimeout(resolve, 2000)); // let the upload's garbage go
  const baseline = rssOf(server.pid);
  console.log(
    `media storage: ${storageKind}; video ${mib(VIDEO_BYTES)}; ${CONCURRENT_RANGES} concurrent ranges of ${mib(RANGE_BYTES).trim()}`,
  );
  console.log(`upload of the video: RSS grew by ${mib(uploadPeak - beforeUpload)} at its peak`);
  console.log(`RSS before the ranges:              ${mib(baseline)}`);
  for (let round = 0; round < 3; round++) {
    const peak = await peakRssDuring(server.pid, () => ranges(round));
    console.log(`round ${round + 1}: RSS grew by ${mib(peak - baseline)} at its peak (${mib(peak).trim()})`);
  }
} finally {
  await server.stop();
  await store?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
