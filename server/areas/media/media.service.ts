/**
 * Public media (decisions 0041, 0088): what is known of a media file by its id, so the route can answer its bytes
 * from the row (seeded images) or stream them from the media storage (uploads).
 */
import { eq } from 'drizzle-orm';
import { media } from '../../db/schema';
import type { AppDeps } from '../../kernel/types';

/** A stored media file: its type, and either its bytes (seeded images) or its key in the media storage. */
type StoredMedia = { contentType: string; bytes: Uint8Array | null; storageKey: string | null };

/** The media file `id` (a UUID), or undefined when none has it. */
export async function storedMedia(deps: Pick<AppDeps, 'db'>, id: string): Promise<StoredMedia | undefined> {
  const [row] = await deps.db
    .select({ contentType: media.contentType, bytes: media.bytes, storageKey: media.storageKey })
    .from(media)
    .where(eq(media.id, id));
  return row;
}
