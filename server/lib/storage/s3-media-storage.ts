/**
 * The media storage in an S3 bucket or an S3-compatible store (MinIO, Supabase Storage, Cloudflare R2), for clubs
 * that run several hosts on one database (decision 0088). Configured by `server/env.ts`: `S3_BUCKET`, `S3_PREFIX`,
 * `S3_FORCE_PATH_STYLE`, and the AWS SDK's own `AWS_REGION`, `AWS_ENDPOINT_URL_S3`, `AWS_ACCESS_KEY_ID`,
 * `AWS_SECRET_ACCESS_KEY` (without keys the SDK's default chain applies: instance or task role, profile).
 * - `put` streams through `@aws-sdk/lib-storage`'s `Upload`: one PutObject for a small file, a multipart upload of
 *   bounded parts for a large one (aborted, leaving nothing, when the source stream fails).
 * - `read` is a GetObject, with a `Range` header for a range: the store sends only those bytes.
 * - Checksums only where the S3 API requires them (`WHEN_REQUIRED`): the SDK's default CRC32 trailers are refused
 *   or mishandled by several S3-compatible stores; TLS protects the bytes in transit.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import type { Env } from '../../env';
import { checkMediaKey, collectBytes, type MediaStorage, type StoredObjectInfo } from './media-object';

/** Multipart part size (the S3 minimum, 5 MiB) and parts in flight: at most ~10 MiB of one upload in memory. */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** True for the store's "no such object" answers (404 on HEAD has no error code). */
function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404;
}

/** The S3 client options of an environment (explicit region, endpoint and keys when given). */
function s3ClientConfig(env: Env): S3ClientConfig {
  const credentials =
    env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY, sessionToken: env.AWS_SESSION_TOKEN ?? undefined }
      : undefined;
  return {
    region: env.AWS_REGION ?? undefined,
    endpoint: env.AWS_ENDPOINT_URL_S3 ?? undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/**
 * The media storage in `env.S3_BUCKET`, each key under `env.S3_PREFIX` (e.g. `podium/media/<uuid>`).
 * @param client an S3 client to use instead of one built from `env` (tools, tests)
 */
export function s3MediaStorage(env: Env, client: S3Client = new S3Client(s3ClientConfig(env))): MediaStorage {
  const Bucket = env.S3_BUCKET;
  if (!Bucket) throw new Error('MEDIA_STORAGE=s3 needs S3_BUCKET');
  const prefix = (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, '');
  const keyOf = (key: string) => {
    checkMediaKey(key);
    return prefix ? `${prefix}/${key}` : key;
  };
  const head = async (key: string): Promise<StoredObjectInfo | null> => {
    try {
      const found = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
      return { size: found.ContentLength ?? 0, etag: found.ETag ?? '' };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };
  const getObject = async (key: string, range?: { start: number; end: number }) => {
    try {
      return await client.send(
        new GetObjectCommand({ Bucket, Key: keyOf(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };
  return {
    kind: 's3',
    async put(key, body, options) {
      const upload = new Upload({
        client,
        params: { Bucket, Key: keyOf(key), Body: body, ContentType: options?.contentType },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      // The source's own failure (a lost connection, a file past its limit) is what the caller must see, not the
      // store's answer to the multipart abort that follows it.
      let failure: unknown = null;
      if (!(body instanceof Uint8Array)) body.once('error', (error) => (failure ??= error));
      try {
        await upload.done();
      } catch (error) {
        throw failure ?? error;
      }
      const stored = await head(key);
      if (!stored) throw new Error(`S3 object ${keyOf(key)} missing right after it was written`);
      return stored;
    },
    async read(key, range) {
      const found = await getObject(key, range);
      if (!found?.Body) return null;
      // Content-Range gives the whole object's size on a ranged answer; ContentLength is the part's.
      const total = found.ContentRange?.match(/\/(\d+)$/)?.[1];
      return { size: total ? Number(total) : (found.ContentLength ?? 0), etag: found.ETag ?? '', body: found.Body as Readable };
    },
    head,
    async get(key) {
      const found = await getObject(key);
      return found?.Body ? collectBytes(found.Body as Readable) : null;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
  };
}
