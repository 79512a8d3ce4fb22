/**
 * Demo artwork, drawn as SVG at seed time (no image files in the repository): posters for videos, articles,
 * sweepstakes, activations and downloads (16:9), story covers and chapters (9:16), and round badges.
 * Each image is a gradient, a motif and a title, about 1-2 KB, in the Alpine Racing palette.
 * `svg*` functions return the SVG document as a string (UTF-8, `image/svg+xml`).
 */

/** A colour scheme: gradient start, gradient end, accent. */
export type Palette = readonly [string, string, string];

/** Palettes of the demo club (brand blue #0055A4, navy, pink accent). */
export const PALETTES = {
  blue: ['#0055A4', '#001E50', '#FF4FA3'],
  night: ['#10131A', '#0055A4', '#37C3FF'],
  pink: ['#FF4FA3', '#001E50', '#FFFFFF'],
  steel: ['#2B2D42', '#0055A4', '#EDF2F4'],
  sky: ['#0B3D91', '#5DADE2', '#F4F6F7'],
  green: ['#0A2342', '#2CA58D', '#84BC9C'],
  gold: ['#3D2C00', '#C9A227', '#FFF3C4'],
} as const satisfies Record<string, Palette>;

/** Which decoration sits behind the title. */
export type Motif = 'stripes' | 'circles' | 'chevrons' | 'flag' | 'grid' | 'speed';

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

function motif(kind: Motif, w: number, h: number, accent: string): string {
  switch (kind) {
    case 'stripes':
      return [0, 1, 2, 3]
        .map((i) => `<path d="M0 ${h * 0.35 + i * 22} L${w} ${h * 0.05 + i * 22} L${w} ${h * 0.05 + i * 22 + 9} L0 ${h * 0.35 + i * 22 + 9}Z" fill="${accent}" opacity="${0.9 - i * 0.18}"/>`)
        .join('');
    case 'circles':
      return `<circle cx="${w * 0.78}" cy="${h * 0.3}" r="${h * 0.22}" fill="${accent}" opacity=".85"/><circle cx="${w * 0.62}" cy="${h * 0.48}" r="${h * 0.12}" fill="none" stroke="#fff" stroke-width="4" opacity=".6"/>`;
    case 'chevrons':
      return [0, 1, 2]
        .map((i) => `<path d="M${w * 0.55 + i * 40} ${h * 0.12} l${h * 0.18} ${h * 0.18} l-${h * 0.18} ${h * 0.18}" fill="none" stroke="${accent}" stroke-width="14" opacity="${0.95 - i * 0.25}"/>`)
        .join('');
    case 'flag': {
      const size = Math.round(h / 12);
      let cells = '';
      for (let r = 0; r < 4; r++) for (let c = 0; c < 6; c++) if ((r + c) % 2 === 0) cells += `<rect x="${w - (c + 1) * size - 16}" y="${16 + r * size}" width="${size}" height="${size}" fill="#fff"/>`;
      return `<g opacity=".85">${cells}</g><rect x="0" y="${h * 0.55}" width="${w}" height="6" fill="${accent}"/>`;
    }
    case 'grid':
      return `<g stroke="#fff" stroke-opacity=".12">${Array.from({ length: 12 }, (_, i) => `<path d="M${(i * w) / 12} 0V${h}M0 ${(i * h) / 12}H${w}"/>`).join('')}</g><rect x="${w * 0.58}" y="${h * 0.16}" width="${w * 0.3}" height="${h * 0.3}" rx="12" fill="${accent}" opacity=".8"/>`;
    case 'speed':
      return [0, 1, 2, 3, 4]
        .map((i) => `<rect x="${(i * 97) % (w * 0.6) + w * 0.3}" y="${h * 0.12 + i * h * 0.08}" width="${w * 0.25}" height="4" rx="2" fill="${accent}" opacity="${0.9 - i * 0.12}"/>`)
        .join('');
  }
}

/**
 * A gradient card with the area's motif and a small kicker (none when empty) in the top-left corner. The title is not drawn: the
 * app shows every title as text beside or over the image (translated, accessible), and the art is cropped to fit
 * each layout, so drawn titles would be cut and doubled.
 */
function card(w: number, h: number, kicker: string, palette: Palette, kind: Motif): string {
  const [from, to, accent] = palette;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>${motif(kind, w, h, accent)}` +
    (kicker
      ? `<text x="28" y="44" font-family="system-ui,-apple-system,'Segoe UI',Roboto,sans-serif" fill="#fff" font-size="${Math.round(w / 28)}" font-weight="700" letter-spacing="2" opacity=".85">${escapeXml(kicker.toUpperCase())}</text>`
      : '') +
    `</svg>`
  );
}

/** 640x360 poster (videos, articles, sweepstakes, activations, downloads): gradient, motif and kicker. */
export function svgPoster(kicker: string, palette: Palette, kind: Motif): string {
  return card(640, 360, kicker, palette, kind);
}

/** 540x960 portrait image (story covers and chapters): gradient, motif and kicker. */
export function svgPortrait(kicker: string, palette: Palette, kind: Motif): string {
  return card(540, 960, kicker, palette, kind);
}

/** 256x256 round badge with a short label (1-4 characters). */
export function svgBadge(label: string, palette: Palette): string {
  const [from, to, accent] = palette;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<circle cx="128" cy="128" r="124" fill="${accent}"/><circle cx="128" cy="128" r="110" fill="url(#g)"/>` +
    `<circle cx="128" cy="128" r="92" fill="none" stroke="#fff" stroke-width="4" stroke-dasharray="8 8" opacity=".7"/>` +
    `<text x="128" y="${label.length > 3 ? 144 : 150}" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="800" font-size="${label.length > 3 ? 48 : 64}" fill="#fff">${escapeXml(label)}</text></svg>`
  );
}
