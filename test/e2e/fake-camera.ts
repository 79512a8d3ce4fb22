/**
 * A camera for end-to-end tests: Chromium plays a Y4M file as its fake camera (`--use-file-for-fake-video-capture`),
 * so a scanner page reads a QR code the test chose.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import QRCode from 'qrcode';

/**
 * Writes a Y4M video (Chromium's fake camera format: 4:2:0, grey levels only) showing the QR code of `text`,
 * black modules on white with a quiet zone, 480 x 480, a few identical frames, under `.tmp/` with `name` in its
 * file name. Returns the file's path; the caller removes it.
 */
export async function qrVideo(text: string, name: string): Promise<string> {
  const size = 480;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = Math.floor(size / (modules.size + 8));
  const offset = Math.floor((size - modules.size * scale) / 2);
  const luma = Buffer.alloc(size * size, 235);
  for (let y = 0; y < modules.size * scale; y++) {
    for (let x = 0; x < modules.size * scale; x++) {
      if (modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(offset + y) * size + offset + x] = 16;
    }
  }
  const chroma = Buffer.alloc((size / 2) * (size / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${size} H${size} F5:1 Ip A1:1 C420jpeg\n`);
  const dir = resolve('.tmp');
  await mkdir(dir, { recursive: true });
  const path = resolve(dir, `${name}-qr-${randomUUID().slice(0, 8)}.y4m`);
  await writeFile(path, Buffer.concat([header, ...Array.from({ length: 5 }, () => frame)]));
  return path;
}
