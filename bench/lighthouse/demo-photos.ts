/**
 * Real photos on a few demo properties (the demo data has none), given through the API the way
 * the web app's forms do: signed upload URLs, a PUT of each file, then the property saved with
 * the uploaded paths. The grid and the gallery then load real images, as they would in use.
 */
import {
  envelope,
  type PropertyDetail,
  PropertyDetailSchema,
  PropertyListSchema,
  type UpdatePropertyBody,
  UploadUrlEntrySchema,
} from '@bec/contracts';
import { sensorGrain } from '@bec/testkit/photo-fixtures';
import sharp from 'sharp';
import { z } from 'zod';

const WIDTH = 2000;
const HEIGHT = 1500;

/** Three scenes (a façade, a living room, a garden): gradients and shapes, as photos compress. */
const SCENES = {
  'fachada.jpg': `
    <linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b8cc4"/><stop offset="1" stop-color="#dfe9f3"/></linearGradient>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <path d="M0 1050 Q 600 750 1200 1020 T 2000 900 V 1500 H 0 Z" fill="#4f7d3a"/>
    <rect x="600" y="675" width="600" height="450" fill="#c9a27e"/>
    <polygon points="540,690 900,450 1260,690" fill="#8c3b2f"/>
    <rect x="840" y="900" width="120" height="225" fill="#5a3d2b"/>`,
  'living.jpg': `
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#efe6d8"/><stop offset="1" stop-color="#b9ab98"/></linearGradient>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect y="1050" width="2000" height="450" fill="#8a6243"/>
    <rect x="1250" y="250" width="550" height="600" fill="#cfe3f2" stroke="#fff" stroke-width="24"/>
    <rect x="250" y="800" width="800" height="300" rx="40" fill="#4a5d73"/>
    <rect x="1300" y="950" width="350" height="120" fill="#3b2a20"/>`,
  'jardin.jpg': `
    <radialGradient id="g" cx="0.7" cy="0.2" r="0.9"><stop offset="0" stop-color="#fff6c9"/><stop offset="1" stop-color="#7fb0dd"/></radialGradient>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <rect y="900" width="2000" height="600" fill="#6a9a45"/>
    <circle cx="450" cy="650" r="330" fill="#2f5d2a"/><rect x="420" y="800" width="60" height="260" fill="#4d3524"/>
    <circle cx="1500" cy="720" r="240" fill="#3f6f33"/><rect x="1480" y="850" width="45" height="200" fill="#4d3524"/>
    <ellipse cx="1000" cy="1250" rx="420" ry="110" fill="#7ab6d9"/>`,
};

export type DemoPhoto = { name: string; bytes: Buffer };

/**
 * 2000×1500 JPEGs at quality 90 with sensor-like grain (without it they would compress far
 * better than a camera's photos): about 0.5 MB each.
 */
export async function makeDemoPhotos(): Promise<DemoPhoto[]> {
  const grain = await sensorGrain(WIDTH, HEIGHT);
  return Promise.all(
    Object.entries(SCENES).map(async ([name, shapes]) => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">${shapes}</svg>`;
      const bytes = await sharp(Buffer.from(svg))
        .composite([{ input: grain, blend: 'soft-light' }])
        .jpeg({ quality: 90 })
        .toBuffer();
      return { name, bytes };
    }),
  );
}

const SuccessSchema = envelope(z.unknown());

/** A small client of the API as the signed-in web app calls it. */
function apiClient(base: string, token: string) {
  return async <T extends z.ZodType>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    schema: T,
    body?: unknown,
  ): Promise<z.output<T>> => {
    const response = await fetch(`${base}/api${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} /api${url} answered ${response.status}: ${text}`);
    return schema.parse(SuccessSchema.parse(JSON.parse(text)).data);
  };
}

/** The edit form's payload for a property as loaded, with `photos` replaced. */
const updateBody = (p: PropertyDetail, photos: string[]): UpdatePropertyBody => ({
  name: p.name,
  address: p.address,
  city_id: p.city_id,
  price: p.price_amount,
  price_unit: p.price_unit,
  building_sqmts: p.building_sqmts,
  land_sqmts: p.land_sqmts,
  property_type_id: p.property_type_id,
  parking_sqmts: p.parking_sqmts,
  additional_sqmts: p.additional_sqmts,
  basement_sqmts: p.basement_sqmts,
  google_maps_url: p.google_maps_url,
  latitude: p.latitude,
  longitude: p.longitude,
  rooms: p.rooms,
  notes: p.notes,
  visited: p.visited,
  broker_id: p.broker_id,
  photos,
  updated_at: p.updated_at,
});

/**
 * Gives the first `count` properties of the grid (newest first, the ones a phone shows first)
 * the photos, each property its own uploads, in a different order so the covers differ. Every
 * variant is then fetched once: the server makes WebP copies on first request, which a measured
 * page should not pay for. Answers the ids, in grid order.
 */
export async function givePhotos(
  base: string,
  token: string,
  photos: DemoPhoto[],
  count: number,
): Promise<number[]> {
  const call = apiClient(base, token);
  const list = await call('GET', `/properties?limit=${count}`, PropertyListSchema);
  const ids = list.props.map((p) => p.id);
  for (const [index, id] of ids.entries()) {
    const ordered = photos.map((_, i) => photos[(i + index) % photos.length] as DemoPhoto);
    const entries = await call(
      'POST',
      '/photos/upload_url',
      z.array(UploadUrlEntrySchema),
      ordered.map((photo) => ({
        name: photo.name,
        content_type: 'image/jpeg',
        size: photo.bytes.length,
      })),
    );
    for (const [i, entry] of entries.entries()) {
      const photo = ordered[i] as DemoPhoto;
      // No bearer token: the signed URL is the permission. Its signed headers go verbatim, and
      // win over ours (Headers joins two spellings of one name into one list).
      const headers = new Headers({ 'content-type': 'image/jpeg' });
      for (const [name, value] of Object.entries(entry.headers)) headers.set(name, value);
      const put = await fetch(new URL(entry.url, base), {
        method: 'PUT',
        headers,
        body: photo.bytes,
      });
      if (!put.ok) throw new Error(`PUT ${entry.url} answered ${put.status}: ${await put.text()}`);
    }
    const before = await call('GET', `/properties/${id}`, PropertyDetailSchema);
    await call(
      'PUT',
      `/properties/${id}`,
      z.unknown(),
      updateBody(
        before,
        entries.map((e) => e.path),
      ),
    );
    const after = await call('GET', `/properties/${id}`, PropertyDetailSchema);
    for (const photo of after.photo_urls) {
      for (const url of [photo.thumbnail_url, photo.url]) {
        const variant = await fetch(new URL(url, base));
        if (!variant.ok) throw new Error(`GET ${url} answered ${variant.status}`);
        await variant.arrayBuffer();
      }
    }
  }
  return ids;
}

/** On a server this run did not seed: the newest property with a cover photo, or the newest. */
export async function propertyWithPhotos(base: string, token: string): Promise<number> {
  const list = await apiClient(base, token)('GET', '/properties?limit=100', PropertyListSchema);
  const chosen = list.props.find((p) => p.photo_url) ?? list.props[0];
  if (!chosen) throw new Error(`${base} has no properties to measure a detail page with`);
  return chosen.id;
}
