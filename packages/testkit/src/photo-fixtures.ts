import sharp from 'sharp';

/** A photo-like picture (smooth gradients and shapes, not noise): compresses like a real one. */
export const scene = (width: number, height: number) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b8cc4"/><stop offset="1" stop-color="#dfe9f3"/></linearGradient>
      <radialGradient id="sun" cx="0.75" cy="0.2" r="0.2"><stop offset="0" stop-color="#fff6c9"/><stop offset="1" stop-color="#fff6c9" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <rect width="100%" height="100%" fill="url(#sun)"/>
    <path d="M0 ${height * 0.7} Q ${width * 0.3} ${height * 0.5} ${width * 0.6} ${height * 0.68} T ${width} ${height * 0.6} V ${height} H 0 Z" fill="#4f7d3a"/>
    <rect x="${width * 0.3}" y="${height * 0.45}" width="${width * 0.3}" height="${height * 0.3}" fill="#c9a27e"/>
    <polygon points="${width * 0.27},${height * 0.46} ${width * 0.45},${height * 0.3} ${width * 0.63},${height * 0.46}" fill="#8c3b2f"/>
    <rect x="${width * 0.42}" y="${height * 0.6}" width="${width * 0.06}" height="${height * 0.15}" fill="#5a3d2b"/>
  </svg>`);

/**
 * Sensor-like grain to lay over a drawn scene (`blend: 'soft-light'`): without it a "photo"
 * compresses unrealistically well.
 */
export const sensorGrain = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 28 },
    },
  })
    .blur(0.7)
    .png()
    .toBuffer();

/** The scene with sensor-like grain. */
async function grainy(width: number, height: number) {
  const grain = await sensorGrain(width, height);
  return sharp(scene(width, height))
    .composite([{ input: grain, blend: 'soft-light' }])
    .png()
    .toBuffer();
}

/**
 * An 8-megapixel JPEG taken "in portrait": stored 3264×2448 (landscape pixels) with EXIF
 * orientation 6, so it shows upright as 2448×3264. It also carries GPS-like EXIF to be stripped.
 */
export const portraitJpeg = async () =>
  sharp(await grainy(3264, 2448))
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: 'BEC test camera', Model: 'Phone 8MP' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 26/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

export const smallPng = () => sharp(scene(800, 600)).png().toBuffer();
export const smallWebp = () => sharp(scene(1024, 768)).webp({ quality: 80 }).toBuffer();
