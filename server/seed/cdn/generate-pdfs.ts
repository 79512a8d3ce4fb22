/**
 * Regenerates the demo digital downloads of server/seed/cdn/: three small, valid PDF 1.4
 * files drawn with vector operators and the standard Helvetica fonts (no embedded fonts, no dependency).
 * Usage: `npx tsx server/seed/cdn/generate-pdfs.ts`. Output: alpine-racing-wallpapers.pdf,
 * alpine-racing-calendar-2027.pdf, alpine-racing-stickers.pdf (each a few KB).
 */
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { join } from 'node:path';

type Rgb = [number, number, number];

/** `#rrggbb` -> PDF colour components 0..1. */
function rgb(hex: string): Rgb {
  const n = parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}
const f = (n: number) => Number(n.toFixed(3)).toString();
const fill = (c: Rgb) => `${c.map(f).join(' ')} rg`;
/** PDF literal string in WinAnsi (Latin-1 covers the French accents used here). */
const str = (s: string) => `(${s.replace(/[\\()]/g, (m) => `\\${m}`)})`;

/** A page's drawing commands, with helpers for rectangles, circles and text. */
class Canvas {
  ops: string[] = [];
  rect(x: number, y: number, w: number, h: number, c: Rgb) {
    this.ops.push(`${fill(c)} ${f(x)} ${f(y)} ${f(w)} ${f(h)} re f`);
  }
  /** Vertical gradient approximated by `steps` bands from `top` to `bottom` colour. */
  gradient(x: number, y: number, w: number, h: number, top: Rgb, bottom: Rgb, steps = 48) {
    for (let i = 0; i < steps; i++) {
      const t = i / (steps - 1);
      const c = top.map((v, k) => v + (bottom[k] - v) * t) as Rgb;
      this.rect(x, y + h - ((i + 1) * h) / steps, w, h / steps + 0.5, c);
    }
  }
  circle(cx: number, cy: number, r: number, c: Rgb) {
    const k = 0.5523 * r;
    this.ops.push(
      `${fill(c)} ${f(cx + r)} ${f(cy)} m ${f(cx + r)} ${f(cy + k)} ${f(cx + k)} ${f(cy + r)} ${f(cx)} ${f(cy + r)} c ` +
        `${f(cx - k)} ${f(cy + r)} ${f(cx - r)} ${f(cy + k)} ${f(cx - r)} ${f(cy)} c ` +
        `${f(cx - r)} ${f(cy - k)} ${f(cx - k)} ${f(cy - r)} ${f(cx)} ${f(cy - r)} c ` +
        `${f(cx + k)} ${f(cy - r)} ${f(cx + r)} ${f(cy - k)} ${f(cx + r)} ${f(cy)} c f`,
    );
  }
  polygon(points: [number, number][], c: Rgb) {
    const [first, ...rest] = points;
    this.ops.push(`${fill(c)} ${f(first[0])} ${f(first[1])} m ${rest.map(([x, y]) => `${f(x)} ${f(y)} l`).join(' ')} h f`);
  }
  text(x: number, y: number, size: number, s: string, c: Rgb, bold = false) {
    this.ops.push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf ${fill(c)} ${f(x)} ${f(y)} Td ${str(s)} Tj ET`);
  }
}

/** Serialises pages into a PDF 1.4 file with a correct cross-reference table. */
function pdf(pages: Canvas[], width: number, height: number, title: string): Buffer {
  const objects: Buffer[] = [];
  const add = (body: string | Buffer) => {
    objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
    return objects.length;
  };
  const catalog = add('');
  const pagesObj = add('');
  const font1 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const font2 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const page of pages) {
    const data = deflateSync(Buffer.from(page.ops.join('\n'), 'latin1'));
    const content = add(
      Buffer.concat([
        Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
        data,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${width} ${height}] ` +
          `/Resources << /Font << /F1 ${font1} 0 R /F2 ${font2} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  const info = add(`<< /Title ${str(title)} /Author (Alpine Racing fan club) /Producer (Podium demo generator) >>`);
  objects[catalog - 1] = Buffer.from(`<< /Type /Catalog /Pages ${pagesObj} 0 R >>`, 'latin1');
  objects[pagesObj - 1] = Buffer.from(
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`,
    'latin1',
  );
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    offsets.push(offset);
    offset += chunk.length;
    chunks.push(chunk);
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${offset}\n%%EOF\n`;
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}

const BLUE = rgb('#0055A4');
const NAVY = rgb('#001E50');
const PINK = rgb('#FF4FA3');
const WHITE = rgb('#FFFFFF');
const SKY = rgb('#37C3FF');
const INK = rgb('#10131A');
const GREY = rgb('#5B6270');

/** Phone wallpapers (9:19.5 pages): three liveries. */
function wallpapers(): Buffer {
  const W = 360;
  const H = 780;
  const designs: { top: Rgb; bottom: Rgb; accent: Rgb; name: string }[] = [
    { top: BLUE, bottom: NAVY, accent: PINK, name: 'Livery' },
    { top: INK, bottom: BLUE, accent: SKY, name: 'Night race' },
    { top: PINK, bottom: NAVY, accent: WHITE, name: 'Podium' },
  ];
  return pdf(
    designs.map((d, i) => {
      const c = new Canvas();
      c.gradient(0, 0, W, H, d.top, d.bottom);
      for (let s = 0; s < 5; s++) {
        const y = 180 + s * 34 + i * 40;
        c.polygon(
          [
            [0, y],
            [W, y + 160],
            [W, y + 172],
            [0, y + 12],
          ],
          d.accent.map((v) => v * 0.9 + 0.1 * (s / 5)) as Rgb,
        );
      }
      c.circle(W - 70, H - 120, 46, d.accent);
      c.text(28, 96, 30, 'ALPINE RACING', WHITE, true);
      c.text(28, 70, 14, `${d.name} wallpaper ${i + 1}/3  -  fond d'écran`, WHITE);
      return c;
    }),
    W,
    H,
    'Alpine Racing wallpapers',
  );
}

/** One A4 page: the 2027 season calendar (English / French). */
function calendar(): Buffer {
  const W = 595;
  const H = 842;
  const races: [string, string, string][] = [
    ['07 Mar', 'Australia', 'Melbourne'],
    ['21 Mar', 'China', 'Shanghai'],
    ['04 Apr', 'Japan', 'Suzuka'],
    ['18 Apr', 'Bahrain', 'Sakhir'],
    ['02 May', 'Miami', 'Miami Gardens'],
    ['23 May', 'Monaco', 'Monte-Carlo'],
    ['06 Jun', 'Spain', 'Barcelona'],
    ['27 Jun', 'Austria', 'Spielberg'],
    ['04 Jul', 'Great Britain', 'Silverstone'],
    ['25 Jul', 'Belgium', 'Spa-Francorchamps'],
    ['29 Aug', 'Netherlands', 'Zandvoort'],
    ['05 Sep', 'Italy', 'Monza'],
    ['26 Sep', 'Singapore', 'Marina Bay'],
    ['24 Oct', 'Mexico', 'Mexico City'],
    ['14 Nov', 'Brazil', 'São Paulo'],
    ['05 Dec', 'Abu Dhabi', 'Yas Marina'],
  ];
  const c = new Canvas();
  c.rect(0, 0, W, H, WHITE);
  c.gradient(0, H - 150, W, 150, BLUE, NAVY);
  c.text(40, H - 80, 30, 'Season calendar 2027', WHITE, true);
  c.text(40, H - 108, 14, 'Calendrier de la saison 2027  -  Alpine Racing fan club', WHITE);
  races.forEach(([date, gp, track], i) => {
    const y = H - 200 - i * 38;
    if (i % 2 === 0) c.rect(30, y - 12, W - 60, 38, rgb('#EEF3FA'));
    c.rect(30, y - 12, 6, 38, i === 11 ? PINK : BLUE);
    c.text(50, y + 4, 13, date, INK, true);
    c.text(130, y + 4, 13, `Grand Prix: ${gp}`, INK);
    c.text(380, y + 4, 11, track, GREY);
  });
  c.text(40, 40, 9, 'Dates are the demo season of the Podium sample club. Dates de démonstration.', GREY);
  return pdf([c], W, H, 'Alpine Racing season calendar 2027');
}

/** One A4 page of round and shield stickers to print and cut. */
function stickers(): Buffer {
  const W = 595;
  const H = 842;
  const c = new Canvas();
  c.rect(0, 0, W, H, WHITE);
  c.text(40, H - 60, 24, 'Team sticker sheet', INK, true);
  c.text(40, H - 82, 12, "Planche d'autocollants  -  print on sticker paper, cut along the shapes", GREY);
  const labels = ['A', 'P1', 'GO!', '#', 'FAN', 'PIT', 'VIP', '10', 'WIN', 'BOX', 'FLAG', '2027'];
  labels.forEach((label, i) => {
    const col = i % 3;
    const row = Math.floor(i / 3);
    const cx = 120 + col * 180;
    const cy = H - 190 - row * 175;
    const palette = [BLUE, PINK, NAVY, SKY][(i + row) % 4];
    c.circle(cx, cy, 70, rgb('#DDE3EA'));
    c.circle(cx, cy, 64, palette);
    c.circle(cx, cy, 50, WHITE);
    c.circle(cx, cy, 46, palette);
    const size = label.length > 3 ? 22 : 30;
    c.text(cx - label.length * size * 0.3, cy - size / 3, size, label, WHITE, true);
  });
  return pdf([c], W, H, 'Alpine Racing sticker sheet');
}

const dir = import.meta.dirname;
for (const [name, data] of [
  ['alpine-racing-wallpapers.pdf', wallpapers()],
  ['alpine-racing-calendar-2027.pdf', calendar()],
  ['alpine-racing-stickers.pdf', stickers()],
] as const) {
  writeFileSync(join(dir, name), data);
  console.log(`${name}: ${data.length} bytes`);
}
