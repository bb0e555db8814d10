import {
  CreatePropertyResultSchema,
  PropertyDetailSchema,
  VisitResultSchema,
} from '@bec/contracts';
import type { QueueItem } from '@/entities/offline-queue/types';
import { movePropertyStage } from '@/entities/property/stage-move';
import { PhotoUploadError, uploadPhoto } from '@/entities/uploads/upload-photo';
import { uploadPhotos } from '@/entities/uploads/upload-photos';
import { apiRequest, newIdempotencyKey } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';

/** A photo's PUT that failed: its status says whether another try may go through. */
export class QueuedPhotoError extends Error {
  override readonly name = 'QueuedPhotoError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Uploads the item's photos not in storage yet, through the one signed-upload pipeline
 * (entities/uploads), saving each path on the item as soon as it is there: a later try uploads only
 * what is missing. Answers the paths in the order the photos were taken.
 */
async function uploadQueuedPhotos(
  item: Extract<QueueItem, { kind: 'visit' | 'property' }>,
  save: (item: QueueItem) => Promise<void>,
): Promise<string[]> {
  const missing = item.photos.flatMap((photo, index) =>
    photo.path
      ? []
      : [
          {
            id: String(index),
            file: new File([photo.blob], photo.name, { type: photo.type }),
            contentType: photo.type,
          },
        ],
  );
  if (missing.length > 0) {
    const failed: PhotoUploadError[] = [];
    const result = await uploadPhotos(missing, {
      retries: 2,
      put: (options) =>
        uploadPhoto(options).catch((error: unknown) => {
          if (error instanceof PhotoUploadError) failed.push(error);
          throw error;
        }),
    });
    if (result.status === 'urls-failed') throw result.error;
    const photos = item.photos.map((photo, index) => {
      const path = result.paths.get(String(index));
      return path ? { ...photo, path } : photo;
    });
    Object.assign(item, { photos });
    await save(item);
    if (result.status === 'files-failed') {
      const first = failed[0];
      throw new QueuedPhotoError(first?.status ?? 0, result.failures[0]?.message ?? '');
    }
  }
  return item.photos.map((photo) => photo.path ?? '');
}

/**
 * A stage move refused as stale (409) right after this queue's own write on the same property
 * (a visit moves the stage, and changes the version the move was queued with) is sent again on
 * the version the server has now, under a new key (the old one keeps its 409).
 */
async function rebaseStageMove(
  item: Extract<QueueItem, { kind: 'stage' }>,
  save: (item: QueueItem) => Promise<void>,
): Promise<void> {
  const current = await apiRequest(`/properties/${item.propertyId}`, PropertyDetailSchema);
  Object.assign(item, {
    key: newIdempotencyKey(),
    body: { ...item.body, updated_at: current.updated_at },
    rebase: false,
  });
  await save(item);
}

export type SendOptions = {
  /** Saves the item's progress (uploaded photos, a rebased version) before the write is sent. */
  save: (item: QueueItem) => Promise<void>;
  /** Whether a write of this queue on the same property went through before this one. */
  afterOwnWrite: boolean;
};

/**
 * Sends one queued write with its own `Idempotency-Key`: a try whose answer was lost and is sent
 * again runs once on the server (ADR 043). Throws the API's or the upload's error.
 */
export async function sendQueueItem(item: QueueItem, { save, afterOwnWrite }: SendOptions) {
  if (item.kind === 'visit') {
    const photos = await uploadQueuedPhotos(item, save);
    await apiRequest(`/properties/${item.propertyId}/visits`, VisitResultSchema, {
      method: 'POST',
      body: { ...item.body, photos },
      idempotencyKey: item.key,
    });
    return;
  }
  if (item.kind === 'property') {
    const photos = await uploadQueuedPhotos(item, save);
    await apiRequest('/properties/add', CreatePropertyResultSchema, {
      method: 'POST',
      body: { ...item.body, photos },
      idempotencyKey: item.key,
    });
    return;
  }
  if (item.rebase) await rebaseStageMove(item, save);
  const move = () =>
    movePropertyStage({ id: item.propertyId, body: item.body, idempotencyKey: item.key });
  try {
    await move();
  } catch (error) {
    if (!(afterOwnWrite && error instanceof ApiError && error.code === 'CONFLICT')) throw error;
    await rebaseStageMove(item, save);
    await move();
  }
}
