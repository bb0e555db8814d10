import {
  DUPLICATE_NEARBY_METRES,
  type DuplicateCandidates,
  type DuplicateCheck,
} from '@bec/contracts';
import type { Database } from '../../db/client.js';
import { validationError } from '../../lib/app-error.js';
import { MAP_LEVEL_MAX, mapX, mapY, metresPerPixel } from '../../lib/map-projection.js';
import type { PhotosService } from '../photos/photos.service.js';
import * as repo from './duplicates.repository.js';

/**
 * The finest-level pixel box holding every point within `metres` of a point. A pixel spans
 * 40075016.686·cos(lat)/2^24 m; the box is sized with the pixel of a latitude 1° nearer the pole
 * (smaller, so more of them), and a pixel more each way for the rounding of the stored pixels.
 */
export function boxAround(lat: number, lng: number, metres: number): repo.PixelBox {
  const x = mapX(lng);
  const y = mapY(lat);
  const reach = Math.ceil(metres / metresPerPixel(Math.min(89, Math.abs(lat) + 1))) + 1;
  const last = 2 ** MAP_LEVEL_MAX - 1;
  return {
    x0: Math.max(0, x - reach),
    x1: Math.min(last, x + reach),
    y0: Math.max(0, y - reach),
    y1: Math.min(last, y + reach),
  };
}

/** A coordinate rounded as numeric(9, 6) stores it. */
const atStoredScale = (degrees: number) => Math.round(degrees * 1e6) / 1e6 || 0;

/**
 * Likely duplicates of a property being entered (ADR 018): the same normalised address in the
 * comuna, the same type within 50 m, or one of the form's new photos already stored. Advisory: it
 * never refuses a save.
 */
export function createDuplicatesService(db: Database, { photos }: { photos: PhotosService }) {
  async function check(userId: number, body: DuplicateCheck): Promise<DuplicateCandidates> {
    const { hashes, issues } = await photos.uploadHashes(userId, body.photos);
    if (issues.length) throw validationError(issues, 'No duplicate check was made');
    // As the columns store them (6 decimals), so the check compares what a save would store.
    const lat = body.latitude === null ? null : atStoredScale(body.latitude);
    const lng = body.longitude === null ? null : atStoredScale(body.longitude);
    const near =
      lat !== null && lng !== null
        ? { lat, lng, box: boxAround(lat, lng, DUPLICATE_NEARBY_METRES) }
        : null;
    const rows = await repo.findCandidates(db, {
      address: body.address,
      city_id: body.city_id,
      property_type_id: body.property_type_id,
      near,
      hashes: [...new Set(hashes)],
      exclude_id: body.exclude_id,
    });
    return {
      candidates: rows.map(({ cover_key, distance_m, ...row }) => ({
        ...row,
        photo_url: cover_key === null ? null : photos.cardPhotoUrl(cover_key),
        distance_m: distance_m === null ? null : Number(distance_m),
      })),
    };
  }

  return { check };
}

export type DuplicatesService = ReturnType<typeof createDuplicatesService>;
