/**
 * Seeds the demo content of one organization: videos, playlists, articles, stories with chapters,
 * sweepstakes, activations with badges, consents and digital downloads, plus their SVG artwork in the
 * `media` table. Called by the core seed on an empty database; the content is timed relative to `now` so
 * that a fresh database always has live stories, sweepstakes and activations.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbOrTx } from '../../db/client';
import { media } from '../../db/schema';
import { activations, badges } from '../../db/schema/activations';
import { consents } from '../../db/schema/consent';
import { articles, downloads, stories, storyChapters, videos } from '../../db/schema/content';
import { sweepstakes } from '../../db/schema/sweepstakes';
import { PALETTES, svgBadge, svgPortrait, svgPoster, type Motif, type Palette } from './art';
import { ACTIVATIONS, ARTICLES, CONSENTS, DOWNLOADS, STORIES, SWEEPSTAKES, VIDEOS } from './data';
import { seedPlaylists } from './playlists';

/** Directory of the CDN files (videos, PDFs) served at `cdnBase`. */
export const CDN_DIR = fileURLToPath(new URL('../cdn/', import.meta.url));

/** What the seed created, by stable handle, for tests and the core seed's log line. */
type SeededContent = {
  videos: number;
  playlists: number;
  articles: number;
  stories: Record<string, { id: string; chapterIds: string[] }>;
  sweepstakes: number;
  activations: number;
  consents: number;
  downloads: number;
  media: number;
};

/**
 * Inserts the demo content for `organization`.
 * @param tx a transaction (or database) of the core seed
 * @param organization the organization row (only `id` is read)
 * @param now the seeding time; content windows are relative to it (default: now)
 * @returns counts and the ids of the seeded stories by handle
 */
export async function seedContent(
  tx: DbOrTx,
  organization: { id: string },
  now: Date = new Date(),
): Promise<SeededContent> {
  const organizationId = organization.id;
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  let mediaCount = 0;
  const image = async (name: string, svg: string): Promise<string> => {
    const [row] = await tx
      .insert(media)
      .values({ organizationId, name, contentType: 'image/svg+xml', bytes: Buffer.from(svg, 'utf8') })
      .returning({ id: media.id });
    mediaCount++;
    return row.id;
  };
  const palette = (name: keyof typeof PALETTES): Palette => PALETTES[name];
  const poster = (name: string, kicker: string, art: { palette: keyof typeof PALETTES; motif: Motif }) =>
    image(name, svgPoster(kicker, palette(art.palette), art.motif));

  for (const [i, v] of VIDEOS.entries()) {
    const thumbnailMediaId = await poster(`video-${v.slug}.svg`, 'Video', v.art);
    await tx.insert(videos).values({
      organizationId,
      slug: v.slug,
      name: v.name,
      description: v.description,
      fileName: v.fileName,
      thumbnailMediaId,
      durationSeconds: v.durationSeconds,
      value: v.value,
      publishedAt: at(-v.age),
      sortOrder: i,
      translations: v.translations,
    });
  }

  const playlistCount = await seedPlaylists(tx, organizationId);

  for (const a of ARTICLES) {
    const mediaId = await poster(`article-${a.slug}.svg`, 'Article', a.art);
    await tx.insert(articles).values({
      organizationId,
      slug: a.slug,
      title: a.title,
      summary: a.summary,
      body: a.body,
      mediaId,
      value: a.value,
      publishedAt: at(-a.age),
      translations: a.translations,
    });
  }

  const storyIds: SeededContent['stories'] = {};
  for (const [i, s] of STORIES.entries()) {
    const coverMediaId = await image(
      `story-${s.key}.svg`,
      svgPortrait(s.type === 'live' ? 'Live' : s.type === 'sponsored' ? 'Sponsored' : 'Story', palette(s.art.palette), s.art.motif),
    );
    const [story] = await tx
      .insert(stories)
      .values({
        organizationId,
        title: s.title,
        type: s.type,
        coverMediaId,
        startsAt: at(s.startsIn),
        stopsAt: s.stopsIn === null ? null : at(s.stopsIn),
        shareable: s.shareable,
        sortOrder: i,
        translations: s.translations,
        createdAt: at(s.startsIn),
      })
      .returning({ id: stories.id });
    const chapterIds: string[] = [];
    for (const [orderIndex, ch] of s.chapters.entries()) {
      // Chapters need no kicker: the story viewer shows its own progress bars.
      const mediaId = await image(`story-${s.key}-${orderIndex + 1}.svg`, svgPortrait('', palette(ch.art.palette), ch.art.motif));
      const [row] = await tx
        .insert(storyChapters)
        .values({
          storyId: story.id,
          orderIndex,
          mediaId,
          title: ch.title,
          caption: ch.caption,
          sponsorUrl: ch.sponsorUrl ?? null,
          durationSeconds: 5,
          value: s.chapterValue,
          translations: ch.translations,
        })
        .returning({ id: storyChapters.id });
      chapterIds.push(row.id);
    }
    storyIds[s.key] = { id: story.id, chapterIds };
  }

  for (const [i, s] of SWEEPSTAKES.entries()) {
    const mediaId = await poster(`sweepstake-${i + 1}.svg`, 'Sweepstake', s.art);
    await tx.insert(sweepstakes).values({
      organizationId,
      title: s.title,
      description: s.description,
      prize: s.prize,
      mediaId,
      startsAt: at(s.startsIn),
      endsAt: at(s.endsIn),
      entryCost: s.entryCost,
      maxEntriesPerUser: s.maxEntriesPerUser,
      sortOrder: i,
      translations: s.translations,
    });
  }

  for (const a of ACTIVATIONS) {
    const mediaId = await poster(`activation-${a.slug}.svg`, 'Activation', a.art);
    const [activation] = await tx
      .insert(activations)
      .values({
        organizationId,
        slug: a.slug,
        title: a.title,
        description: a.description,
        startsAt: at(a.startsIn),
        stopsAt: a.stopsIn === null ? null : at(a.stopsIn),
        mediaId,
        value: a.value,
        translations: a.translations,
      })
      .returning({ id: activations.id });
    for (const b of a.badges) {
      const badgeMediaId = await image(`badge-${b.slug}.svg`, svgBadge(b.label, palette(b.palette)));
      await tx.insert(badges).values({
        activationId: activation.id,
        slug: b.slug,
        name: b.name,
        description: b.description,
        mediaId: badgeMediaId,
        translations: b.translations,
      });
    }
  }

  for (const [i, c] of CONSENTS.entries()) {
    await tx.insert(consents).values({ organizationId, key: c.key, name: c.name, description: c.description, sortOrder: i, translations: c.translations });
  }

  for (const [i, d] of DOWNLOADS.entries()) {
    const mediaId = await poster(`download-${d.fileId}.svg`, 'Download', d.art);
    await tx.insert(downloads).values({
      organizationId,
      fileId: d.fileId,
      title: d.title,
      description: d.description,
      fileName: d.fileName,
      sizeBytes: statSync(join(CDN_DIR, d.fileId)).size,
      mediaId,
      sortOrder: i,
      translations: d.translations,
    });
  }

  return {
    videos: VIDEOS.length,
    playlists: playlistCount,
    articles: ARTICLES.length,
    stories: storyIds,
    sweepstakes: SWEEPSTAKES.length,
    activations: ACTIVATIONS.length,
    consents: CONSENTS.length,
    downloads: DOWNLOADS.length,
    media: mediaCount,
  };
}
