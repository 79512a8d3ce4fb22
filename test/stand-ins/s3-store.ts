/**
 * A local S3-compatible object store — test-only, never shipped: `@20minutes/s3rver` (a maintained s3rver) on
 * 127.0.0.1 at a free port, keeping its objects in a fresh temporary directory, with one empty bucket. `env` is what
 * a Podium server needs to keep its media there (`MEDIA_STORAGE=s3`, path-style addressing, s3rver's fixed keys).
 *
 * Run alone: `npx tsx test/stand-ins/s3-store.ts` (prints its environment, stops on Ctrl-C).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import S3rver from '@20minutes/s3rver';

export interface S3StoreStandIn {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  bucket: string;
  /** Environment variables of a server whose media live in this store's bucket. */
  env: Record<string, string>;
  /**
   * Every file the store keeps now, relative to its directory: objects and the parts of unfinished multipart
   * uploads. (Listing through the S3 API is not used: s3rver miscomputes the signature of a bucket listing.)
   */
  files(): Promise<string[]>;
  /** Stops the server and removes its directory. */
  stop(): Promise<void>;
}

/** Starts the store with an empty bucket `bucket` (default `podium-media`). */
export async function startS3Store(bucket = 'podium-media'): Promise<S3StoreStandIn> {
  const directory = mkdtempSync(join(tmpdir(), 'podium-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      MEDIA_STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_PREFIX: 'media',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_REGION: 'us-east-1',
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async files() {
      const entries = await readdir(directory, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => relative(directory, join(entry.parentPath, entry.name)))
        .sort();
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const store = await startS3Store();
  console.log(
    Object.entries(store.env)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
  );
  process.on('SIGINT', () => void store.stop().then(() => process.exit(0)));
}
