import type { Sharp } from 'sharp';

// Loaded on the first photo, not at start: sharp's native library and libheif's WASM hold memory
// a server that serves no upload never needs (ADR 020).
// import() loads a module once and answers from the module cache after that.
const loadSharp = async () => (await import('sharp')).default;
const loadHeicDecoder = async () => (await import('heic-decode')).default;

/** What a photo really is, read from its bytes: never trusted from a header or a file name. */
export type ImageInfo = { contentType: string; width: number; height: number };

const FORMATS: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  heif: 'image/heif',
};

type VariantSpec = {
  width: number;
  /** WebP quality. */
  quality: number;
  /** A byte budget: a busier photo is made at a lower quality, down to MIN_QUALITY, to fit it. */
  maxBytes?: number;
};

export const VARIANTS: Record<'card' | 'gallery', VariantSpec> = {
  /** Cards in the grid and the gallery's thumbnails: a phone's first screen loads several. */
  card: { width: 480, quality: 62, maxBytes: 40 * 1024 },
  /** The detail page's gallery and full-screen viewer. */
  gallery: { width: 1600, quality: 74 },
};
export type Variant = keyof typeof VARIANTS;

/** Below this, WebP smears even busy detail; a photo still over budget here is kept at it. */
const MIN_QUALITY = 20;

const isHeifContainer = (buffer: Buffer) =>
  buffer.length > 12 &&
  buffer.toString('latin1', 4, 8) === 'ftyp' &&
  /^(heic|heix|hevc|hevx|mif1|msf1|heim|heis)/.test(buffer.toString('latin1', 8, 12));

/**
 * Decodes the whole image, down to an 8-px thumbnail so memory stays small. The header says
 * nothing of the rest: a PNG or JPEG cut short reads its size fine and fails only here
 * (`failOn: 'error'` makes a truncated stream an error, not a grey bottom).
 */
const decodeEveryPixel = (image: Sharp) => image.clone().resize(8).raw().toBuffer();

/**
 * A sharp pipeline for any accepted photo. sharp's prebuilt binaries read AV1-coded HEIF but not
 * the HEVC-coded HEIC that phones make: those are decoded with libheif compiled to WASM. `whole`
 * says every pixel was decoded on the way (HEIF is, to tell which decoder it needs).
 */
async function open(buffer: Buffer): Promise<{ image: Sharp; heic: boolean; whole: boolean }> {
  const sharp = await loadSharp();
  try {
    const image = sharp(buffer, { failOn: 'error' });
    await image.metadata();
    // The header alone can look fine for HEVC HEIC: make sure pixels can be had.
    if (!isHeifContainer(buffer)) return { image, heic: false, whole: false };
    await decodeEveryPixel(image);
    return { image, heic: false, whole: true };
  } catch (err) {
    if (!isHeifContainer(buffer)) throw err;
    const decodeHeic = await loadHeicDecoder();
    const decoded = await decodeHeic({ buffer: new Uint8Array(buffer) });
    return {
      image: sharp(Buffer.from(decoded.data.buffer), {
        raw: { width: decoded.width, height: decoded.height, channels: 4 },
      }),
      heic: true,
      whole: true,
    };
  }
}

/** Whether the bytes start as one of the accepted formats do (JPEG, PNG, WebP, HEIF/AVIF). */
const startsLikeImage = (buffer: Buffer) =>
  buffer.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) ||
  buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
  (buffer.toString('latin1', 0, 4) === 'RIFF' && buffer.toString('latin1', 8, 12) === 'WEBP') ||
  buffer.toString('latin1', 4, 8) === 'ftyp';

/**
 * What an upload turned out to be: an image that decodes completely (with what to record of it),
 * one cut short or damaged (its format's signature, but not all of its pixels), or no image.
 */
export type Inspection = { image: ImageInfo } | { problem: 'incomplete' | 'not_an_image' };

export async function inspectImage(buffer: Buffer): Promise<Inspection> {
  const damaged = { problem: startsLikeImage(buffer) ? 'incomplete' : 'not_an_image' } as const;
  let opened: Awaited<ReturnType<typeof open>>;
  try {
    opened = await open(buffer);
  } catch {
    return damaged;
  }
  try {
    const { image, heic, whole } = opened;
    const meta = await image.metadata();
    const contentType = heic ? 'image/heic' : FORMATS[meta.format ?? ''];
    if (!contentType || !meta.width || !meta.height) return { problem: 'not_an_image' };
    if (!whole) await decodeEveryPixel(image);
    // EXIF orientations 5–8 are rotated a quarter turn: report the size as people see it.
    const turned = (meta.orientation ?? 1) >= 5;
    return {
      image: {
        contentType,
        width: turned ? meta.height : meta.width,
        height: turned ? meta.width : meta.height,
      },
    };
  } catch {
    return damaged;
  }
}

/** A stored photo whose bytes no longer decode (damaged after it was attached). */
export class UnreadableImageError extends Error {
  override readonly name = 'UnreadableImageError';
}

/**
 * A resized WebP, upright (EXIF orientation applied) and with every bit of metadata (GPS too)
 * gone. Bytes that do not decode throw UnreadableImageError.
 */
export const renderVariant = (buffer: Buffer, variant: Variant): Promise<Buffer> =>
  render(buffer, VARIANTS[variant]);

/**
 * A photo seen before it is chosen (a listing import's proposal, ADR 045): made on each request
 * and never stored, so small and quick rather than budgeted.
 */
const THUMBNAIL: VariantSpec = { width: 320, quality: 60 };

/** A thumbnail WebP, upright and without metadata, as renderVariant makes its variants. */
export const renderThumbnail = (buffer: Buffer): Promise<Buffer> => render(buffer, THUMBNAIL);

async function render(buffer: Buffer, spec: VariantSpec): Promise<Buffer> {
  try {
    return await encodeVariant(buffer, spec);
  } catch (err) {
    throw new UnreadableImageError(`The photo cannot be decoded: ${(err as Error).message}`, {
      cause: err,
    });
  }
}

async function encodeVariant(
  buffer: Buffer,
  { width, quality, maxBytes }: VariantSpec,
): Promise<Buffer> {
  const { image } = await open(buffer);
  const resized = image.rotate().resize({ width, withoutEnlargement: true });
  if (maxBytes === undefined) return resized.webp({ quality, effort: 4 }).toBuffer();
  // Decoded and resized once: only the encoding is tried again. Small, so the slowest effort
  // (the smallest file at a given quality) costs little.
  const { data, info } = await resized.raw().toBuffer({ resolveWithObject: true });
  // Not `info` itself: its `premultiplied` flag is set with an alpha channel whose pixels are not.
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const sharp = await loadSharp();
  const encode = (q: number) => sharp(data, { raw }).webp({ quality: q, effort: 6 }).toBuffer();
  return withinBudget(encode, quality, maxBytes);
}

/**
 * `encode` at `quality` if that fits `maxBytes` (most photos), else at the highest quality below
 * it that does, found by halving (the size grows with the quality), or at MIN_QUALITY.
 */
async function withinBudget(
  encode: (quality: number) => Promise<Buffer>,
  quality: number,
  maxBytes: number,
): Promise<Buffer> {
  const first = await encode(quality);
  if (first.length <= maxBytes) return first;
  let fitting: Buffer | undefined;
  let [low, high] = [MIN_QUALITY, quality - 1];
  while (low <= high) {
    const middle = Math.ceil((low + high) / 2);
    const body = await encode(middle);
    if (body.length <= maxBytes) {
      fitting = body;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return fitting ?? encode(MIN_QUALITY);
}
