// Draws the web app manifest's icons (apps/web/vite.config.ts, ADR 044) from the app's mark,
// apps/web/public/favicon.svg: `npm run icons`. The PNGs are committed;
// run it again only when the mark changes.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const web = path.join(import.meta.dirname, '..', 'apps', 'web', 'public');
const favicon = readFileSync(path.join(web, 'favicon.svg'), 'utf8');
const [, glyph] = favicon.match(/<path d="([^"]+)"/) ?? [];
const [, colour] = favicon.match(/<rect [^>]*fill="([^"]+)"/) ?? [];
if (!glyph || !colour) throw new Error('favicon.svg has no <rect fill> and <path d> to draw from.');

/**
 * A maskable icon is cropped to a circle or a squircle by the system: the background fills the
 * whole square and the glyph stays inside the central 80% (the safe zone): here half its height, centred.
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${colour}"/><g transform="translate(0.7 0)"><path d="${glyph}" fill="#fff"/></g></svg>`;

const draw = (svg: string, size: number, file: string) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(web, 'icons', file));

mkdirSync(path.join(web, 'icons'), { recursive: true });
await draw(favicon, 192, 'icon-192.png');
await draw(favicon, 512, 'icon-512.png');
await draw(maskable, 512, 'icon-maskable-512.png');
