/**
 * `GET /manifest.webmanifest`: the web app manifest, made from the settings of the organization of
 * `ORGANIZATION_KEY` at run time (operators change them in the console), so an installed PWA carries the club's
 * name, short name, colour and logo without a rebuild. The name is in the request's language (`Accept-Language`,
 * else the organization's default language). Icons: the product's built-in PNG icons (what install prompts need:
 * 192 and 512 px, maskable), plus the organization's logo as an `any` icon served from `/api/media/{id}` (the
 * server has no image resizer yet, so the logo is offered at its own size). Never cached for long.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { media, organizations } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { AppDeps, AppEnv } from '../../lib/types';
import { localized, type ContentLanguage } from '../content/localize';

/** Background of the splash screen an installed app shows: the app's own dark background. */
const BACKGROUND = '#0b1020';

/** The built-in icons of the product. */
const BUILT_IN_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** Builds the manifest route for one app. */
export function manifestRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/manifest.webmanifest', async (c) => {
    const [organization] = await deps.db.select().from(organizations).where(eq(organizations.publicKey, deps.env.ORGANIZATION_KEY));
    if (!organization) throw notFound('No organization');
    const asked = c.req.header('accept-language')?.toLowerCase();
    const language: ContentLanguage = asked ? (asked.startsWith('fr') ? 'fr' : 'en') : organization.defaultLanguage === 'fr' ? 'fr' : 'en';
    const texts = localized({ name: organization.name, shortName: organization.shortName ?? '' }, organization.translations, language);
    const icons: Array<Record<string, string>> = [...BUILT_IN_ICONS];
    if (organization.logoMediaId) {
      const [logo] = await deps.db
        .select({ contentType: media.contentType, width: media.width, height: media.height })
        .from(media)
        .where(eq(media.id, organization.logoMediaId));
      if (logo) {
        const sizes = logo.width && logo.height ? `${logo.width}x${logo.height}` : 'any';
        icons.push({ src: `/api/media/${organization.logoMediaId}`, sizes, type: logo.contentType, purpose: 'any' });
      }
    }
    const manifest = {
      id: '/',
      name: texts.name,
      short_name: texts.shortName || texts.name,
      lang: language,
      dir: 'ltr',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: organization.brandColor,
      background_color: BACKGROUND,
      categories: ['sports', 'entertainment', 'lifestyle'],
      icons,
      screenshots: [
        { src: '/screenshots/narrow.png', sizes: '1080x1920', type: 'image/png', form_factor: 'narrow', label: texts.name },
        { src: '/screenshots/wide.png', sizes: '1920x1080', type: 'image/png', form_factor: 'wide', label: texts.name },
      ],
    };
    return c.body(JSON.stringify(manifest), 200, { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'no-cache' });
  });
}
