/**
 * `GET /manifest.webmanifest`: the web app manifest, made from the settings of the organization of
 * `ORGANIZATION_KEY` at run time (operators change them in the console), so an installed PWA carries the club's
 * name, short name, colour and logo without a rebuild. The name is in the request's language (`Accept-Language`,
 * else the organization's default language). Icons: the product's built-in PNG icons (what install prompts need:
 * 192 and 512 px, maskable) when the organization has no logo; with a logo, PNG icons made from it by the server
 * (`GET /manifest-icons/{192|512}[-maskable].png`, resized with sharp onto the brand colour, the maskable ones with
 * the safe-zone margin) so the installed app shows the club's logo; also the 180 px apple-touch-icon and the 48 px
 * favicon the app links to at run time (iOS takes its home-screen icon from the page, not the manifest). Never
 * cached for long.
 */
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { Hono } from 'hono';
import { notFound } from '../../lib/errors';
import type { AppDeps } from '../../kernel/types';
import type { AppEnv } from '../../lib/app-env';
import { localized, type ContentLanguage } from '../../lib/localize';
import { deploymentOrganization, mediaBytes } from './shell.service';

/** Background of the splash screen an installed app shows: the app's own dark background. */
const BACKGROUND = '#0b1020';

/** The built-in icons of the product. */
const BUILT_IN_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** The icons made from the logo: install prompts want 192 and 512 px, and a maskable 512 px. */
const ICON_VARIANTS = [
  { name: '192', size: 192, purpose: 'any', margin: 0.08 },
  { name: '512', size: 512, purpose: 'any', margin: 0.08 },
  // Maskable icons keep their content inside the central 80 % circle (the W3C safe zone).
  { name: '512-maskable', size: 512, purpose: 'maskable', margin: 0.2 },
] as const;

/**
 * The icons a page links to itself, outside the manifest: the home-screen icon iOS takes from
 * `<link rel="apple-touch-icon">` (180 px, opaque: iOS rounds the corners itself) and the tab's favicon (48 px).
 */
const PAGE_ICON_VARIANTS = [
  { name: 'apple-touch-icon-180', size: 180, margin: 0.1 },
  { name: 'favicon-48', size: 48, margin: 0.04 },
] as const;

/**
 * A square PNG icon of `size` px: the logo fitted inside, on the brand colour, with `margin` (fraction of the side)
 * around it. sharp reads PNG, JPEG, WebP, GIF and SVG logos.
 */
async function renderIcon(logo: Uint8Array, size: number, margin: number, background: string): Promise<Buffer> {
  const inner = Math.round(size * (1 - 2 * margin));
  const fitted = await sharp(logo, { density: 300 })
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: fitted, gravity: 'center' }])
    .png()
    .toBuffer();
}

/** Builds the manifest routes for one app: the manifest and the icons made from the organization's logo. */
export function manifestRoutes(deps: AppDeps) {
  // Rendered icons by logo, colour and variant: a few kB each, made once per settings change.
  const rendered = new LRUCache<string, Buffer>({ max: 12 });
  return new Hono<AppEnv>()
    .get('/manifest-icons/:file', async (c) => {
      const variant = [...ICON_VARIANTS, ...PAGE_ICON_VARIANTS].find((v) => `${v.name}.png` === c.req.param('file'));
      const organization = await deploymentOrganization(deps);
      if (!variant || !organization?.logoMediaId) throw notFound('No such icon');
      const cacheKey = `${organization.logoMediaId}:${organization.brandColor}:${variant.name}`;
      let png = rendered.get(cacheKey);
      if (!png) {
        const bytes = await mediaBytes(deps, organization.logoMediaId);
        if (!bytes) throw notFound('No such icon');
        png = await renderIcon(bytes, variant.size, variant.margin, organization.brandColor);
        rendered.set(cacheKey, png);
      }
      return c.body(new Uint8Array(png), 200, { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' });
    })
    .get('/manifest.webmanifest', async (c) => {
      const organization = await deploymentOrganization(deps);
      if (!organization) throw notFound('No organization');
      const asked = c.req.header('accept-language')?.toLowerCase();
      const language: ContentLanguage = asked
        ? asked.startsWith('fr')
          ? 'fr'
          : 'en'
        : organization.defaultLanguage === 'fr'
          ? 'fr'
          : 'en';
      const texts = localized({ name: organization.name, shortName: organization.shortName ?? '' }, organization.translations, language);
      // The version changes with every change of the settings: an installed app fetches the new icons.
      const icons = organization.logoMediaId
        ? ICON_VARIANTS.map((v) => ({
            src: `/manifest-icons/${v.name}.png?v=${organization.version}`,
            sizes: `${v.size}x${v.size}`,
            type: 'image/png',
            purpose: v.purpose,
          }))
        : BUILT_IN_ICONS;
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
      return c.body(JSON.stringify(manifest), 200, {
        'Content-Type': 'application/manifest+json; charset=utf-8',
        'Cache-Control': 'no-cache',
      });
    });
}
