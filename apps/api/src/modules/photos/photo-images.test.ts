import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { inspectImage, renderVariant, UnreadableImageError, VARIANTS } from './photo-images.js';

const CARD_BUDGET = 40 * 1024;

/** Sky, a hillside and a house: the large shapes of a property photo. */
const scene = (width: number, height: number) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b8cc4"/><stop offset="1" stop-color="#dfe9f3"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <path d="M0 ${height * 0.5} Q ${width * 0.3} ${height * 0.3} ${width * 0.6} ${height * 0.48} T ${width} ${height * 0.4} V ${height} H 0 Z" fill="#4f7d3a"/>
    <rect x="${width * 0.3}" y="${height * 0.45}" width="${width * 0.3}" height="${height * 0.3}" fill="#c9a27e"/>
  </svg>`);

/** Grey noise drawn at 1/`scale` of the size and enlarged: detail `scale` pixels across. */
async function grain(width: number, height: number, scale: number) {
  const noise = sharp({
    create: {
      width: Math.round(width / scale),
      height: Math.round(height / scale),
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 70 },
    },
  });
  const small = await noise.greyscale().toColourspace('srgb').png().toBuffer();
  return sharp(small).resize(width, height, { kernel: 'cubic' }).png().toBuffer();
}

/**
 * A worst case among real photos: the scene covered in strong texture at every scale (as
 * foliage, gravel or a brick wall would be), the detail that survives the resize to a card.
 * Plain grain is no test: the resize averages it away. Drawn at a quarter of the size and
 * enlarged (quicker), which only smooths detail finer than the card shows.
 */
async function busyPhoto(width: number, height: number) {
  const [w, h] = [width / 4, height / 4];
  const layers = await Promise.all([1, 2, 4, 8, 16].map((scale) => grain(w, h, scale)));
  const picture = await sharp(scene(w, h))
    .composite(layers.map((input) => ({ input, blend: 'soft-light' as const })))
    .png()
    .toBuffer();
  return sharp(picture).resize(width, height, { kernel: 'cubic' }).jpeg({ quality: 90 }).toBuffer();
}

describe('renderVariant', () => {
  it('makes the card of a busy 4000×3000 photo 480 px wide and at most 40 kB', async () => {
    const jpeg = await busyPhoto(4000, 3000);
    const card = await renderVariant(jpeg, 'card');
    expect(await sharp(card).metadata()).toMatchObject({ format: 'webp', width: 480, height: 360 });
    expect(card.length).toBeLessThanOrEqual(CARD_BUDGET);
  });

  it('keeps the budget for a busy portrait photo too (480×640: nearly twice the pixels)', async () => {
    const jpeg = await busyPhoto(3000, 4000);
    const card = await renderVariant(jpeg, 'card');
    expect(await sharp(card).metadata()).toMatchObject({ format: 'webp', width: 480, height: 640 });
    expect(card.length).toBeLessThanOrEqual(CARD_BUDGET);
  });

  it('keeps the card quality for an ordinary photo: only a busy one is made coarser', async () => {
    const jpeg = await sharp(scene(4000, 3000)).jpeg({ quality: 90 }).toBuffer();
    const card = await renderVariant(jpeg, 'card');
    const { width, quality } = VARIANTS.card;
    const atCardQuality = await sharp(jpeg)
      .resize({ width })
      .webp({ quality, effort: 6 })
      .toBuffer();
    expect(card.equals(atCardQuality)).toBe(true);
  });
});

describe('inspectImage', () => {
  const formats = {
    png: (image: Sharp) => image.png(),
    jpeg: (image: Sharp) => image.jpeg({ quality: 90 }),
    'progressive jpeg': (image: Sharp) => image.jpeg({ progressive: true }),
    webp: (image: Sharp) => image.webp(),
  };

  it('tells a whole image from one cut short (its header intact) and from no image at all', async () => {
    for (const [name, encode] of Object.entries(formats)) {
      const whole = await encode(sharp(scene(640, 480))).toBuffer();
      expect(await inspectImage(whole), name).toEqual({
        image: { contentType: expect.stringMatching(/^image\//), width: 640, height: 480 },
      });
      for (const share of [0.4, 0.95]) {
        const cut = whole.subarray(0, Math.round(whole.length * share));
        expect(await inspectImage(cut), `${name} cut to ${share}`).toEqual({
          problem: 'incomplete',
        });
      }
    }
    expect(await inspectImage(Buffer.from('not a photo, just text'))).toEqual({
      problem: 'not_an_image',
    });
  });

  it('throws UnreadableImageError when asked for a copy of bytes that do not decode', async () => {
    const png = await sharp(scene(640, 480)).png().toBuffer();
    await expect(
      renderVariant(png.subarray(0, Math.round(png.length * 0.4)), 'card'),
    ).rejects.toBeInstanceOf(UnreadableImageError);
  });
});
