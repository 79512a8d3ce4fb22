/**
 * The demo organization's playlists (decision 0049): ordered selections of the seeded videos, so the fan Media page
 * shows playlists from the first start. Videos are named by slug; the order of `videos` is the order fans get.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { playlists, playlistVideos, videos } from '../../db/schema';
import type { PlaylistTranslation } from '../../db/schema/content';

type SeedPlaylist = { slug: string; name: string; description: string; videos: string[]; translations: { fr: PlaylistTranslation } };

const PLAYLISTS: SeedPlaylist[] = [
  {
    slug: 'race-weekend',
    name: 'Race weekend',
    description: 'From the first lap to the last pit stop.',
    videos: ['onboard-lap', 'pit-stop', 'driver-interview'],
    translations: { fr: { name: 'Week-end de course', description: 'Du premier tour au dernier arrêt au stand.' } },
  },
  {
    slug: 'behind-the-scenes',
    name: 'Behind the scenes',
    description: 'Where the car is built and tested.',
    videos: ['factory-tour', 'wind-tunnel', 'launch-night'],
    translations: { fr: { name: 'En coulisses', description: 'Là où la voiture est construite et testée.' } },
  },
];

/**
 * Inserts the demo playlists of `organizationId`, after its videos.
 * @returns how many playlists were created
 */
export async function seedPlaylists(tx: DbOrTx, organizationId: string): Promise<number> {
  const slugs = PLAYLISTS.flatMap((p) => p.videos);
  const rows = await tx
    .select({ id: videos.id, slug: videos.slug })
    .from(videos)
    .where(and(eq(videos.organizationId, organizationId), inArray(videos.slug, slugs)));
  const idOf = new Map(rows.map((r) => [r.slug, r.id]));
  for (const [sortOrder, p] of PLAYLISTS.entries()) {
    const [playlist] = await tx
      .insert(playlists)
      .values({ organizationId, slug: p.slug, name: p.name, description: p.description, sortOrder, translations: p.translations })
      .returning({ id: playlists.id });
    const videoIds = p.videos.flatMap((slug) => idOf.get(slug) ?? []);
    if (videoIds.length) {
      await tx.insert(playlistVideos).values(videoIds.map((videoId, orderIndex) => ({ playlistId: playlist.id, videoId, orderIndex })));
    }
  }
  return PLAYLISTS.length;
}
