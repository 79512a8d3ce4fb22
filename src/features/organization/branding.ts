/**
 * Organization branding: the brand colour from `GET /organization/current` becomes CSS custom properties, with
 * a text colour on the brand and a brand tint for text on the dark surfaces chosen for WCAG AA contrast (4.5:1).
 */
import { setOrganizationToken } from '../../api/credentials';
import type { Organization } from '../../contracts/organization';
import { setAppName } from '../../platform/app-identity';
import { afterFirstPaint } from '../../platform/first-paint';
import { applyDefaultLanguage } from '../../platform/i18n';

type Rgb = [number, number, number];

/** Parses `#rgb` or `#rrggbb`; returns null for anything else. */
export function parseHexColor(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? m[1].replace(/./g, (c) => c + c) : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance of an sRGB colour (0..1). */
function relativeLuminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio between two colours (1..21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [la, lb] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** The lightest surface brand text is drawn on (`--color-surface-3`, #253045: cards, hovered cards, sheets); the
 * darker ones (`--color-bg`, `--color-surface`, `--color-surface-2`) then contrast more. */
const LIGHTEST_SURFACE: Rgb = [37, 48, 69];
const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [11, 15, 23];

/**
 * Derives the brand palette. Takes the brand colour (`#rrggbb`). Returns `brand` (as given, or the product's
 * neutral slate, `--brand` of tokens.css, when invalid), `onBrand` (white or ink, whichever contrasts more) and
 * `brandText` (the brand lightened until it reaches 4.5:1, WCAG AA, on every surface of the dark theme, the
 * lightest being `--color-surface-3`).
 */
export function deriveBrandPalette(brandColor: string): { brand: string; onBrand: string; brandText: string } {
  const brand = parseHexColor(brandColor) ?? ([61, 90, 128] as Rgb);
  const onBrand = contrastRatio(brand, WHITE) >= contrastRatio(brand, INK) ? WHITE : INK;
  let text = brand;
  for (let step = 0; step <= 20 && contrastRatio(text, LIGHTEST_SURFACE) < 4.5; step++) {
    const t = step / 20;
    text = brand.map((v) => v + (255 - v) * t) as Rgb;
  }
  return { brand: toHex(brand), onBrand: toHex(onBrand), brandText: toHex(text) };
}

/**
 * Applies an organization to the running app: remembers its token for `x-org-token` and sets the brand CSS
 * variables (`--brand`, `--on-brand`, `--brand-text`), the theme-color meta, the app's name (window titles and the
 * iOS home-screen title) and, once the first screen is painted, the page's icons, and makes its default language
 * the fallback of a fan who chose none (`applyDefaultLanguage`). Safe to call repeatedly.
 */
export function applyOrganization(organization: Organization): void {
  setOrganizationToken(organization.token || null);
  void applyDefaultLanguage(organization.defaultLanguage);
  if (typeof document === 'undefined') return;
  const palette = deriveBrandPalette(organization.brandColor);
  const root = document.documentElement.style;
  root.setProperty('--brand', palette.brand);
  root.setProperty('--on-brand', palette.onBrand);
  root.setProperty('--brand-text', palette.brandText);
  setAttributeOf('meta[name="theme-color"]', 'content', palette.brand);
  setAppName(organization.shortName || organization.name);
  // A changed icon link is fetched at once: after the first paint, it does not compete with the first screen.
  afterFirstPaint(() => applyIcons(organization));
}

/**
 * Sets attribute `name` of the first element matching `selector` to `value`, unless it already has it: Chromium
 * fetches an icon link again on every write, even of the same address. Takes the selector, the attribute's name
 * and its value; does nothing when no element matches.
 */
function setAttributeOf(selector: string, name: string, value: string): void {
  const element = document.querySelector(selector);
  if (element && element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/**
 * Points the page's favicon and apple-touch-icon at the icons the server makes from the organization's logo
 * (`/manifest-icons/…`, versioned by logo and colour so a change is fetched), or back at the product's built-in
 * ones when there is no logo; only the links whose address changes are written. iOS reads the apple-touch-icon when
 * the fan adds the app to the home screen.
 */
function applyIcons(organization: Organization): void {
  const version = `${organization.logoMediaId ?? ''}-${organization.brandColor.replace('#', '')}`;
  const icons = organization.logoMediaId
    ? { touch: `/manifest-icons/apple-touch-icon-180.png?v=${version}`, favicon: `/manifest-icons/favicon-48.png?v=${version}` }
    : { touch: '/icons/apple-touch-icon-180.png', favicon: '/icons/favicon-48.png' };
  setAttributeOf('link[rel="apple-touch-icon"]', 'href', icons.touch);
  setAttributeOf('link[rel="icon"][sizes="48x48"]', 'href', icons.favicon);
}
