/**
 * Post-build step (`npm run build`): writes `.gz` (gzip level 9) and `.br` (brotli quality 11) next to every
 * compressible file of the built PWA, so the server sends the smallest encoding the browser accepts without
 * compressing on each request (server/areas/shell/static.routes.ts, serveStatic `precompressed`). Uses Node's zlib only.
 * Usage: node scripts/precompress.mjs [dir=dist]
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = process.argv[2] ?? 'dist';
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
let files = 0,
  before = 0,
  gz = 0,
  br = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      walk(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name) || name.endsWith('.map')) continue;
    const body = readFileSync(path);
    if (body.length < 512) continue;
    const gzipped = gzipSync(body, { level: 9 });
    const brotli = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    writeFileSync(`${path}.gz`, gzipped);
    writeFileSync(`${path}.br`, brotli);
    files++;
    before += body.length;
    gz += gzipped.length;
    br += brotli.length;
  }
}
walk(root);
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} KiB -> gzip ${(gz / 1024).toFixed(0)} KiB, brotli ${(br / 1024).toFixed(0)} KiB`,
);
