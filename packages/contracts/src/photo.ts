import { z } from 'zod';
import { rule } from './issues.js';

export const PHOTO_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
  'image/avif',
] as const;
export const MAX_PHOTOS_PER_REQUEST = 20;

const fileName = z
  .string({ error: rule('not_text') })
  .min(1, { error: rule('required') })
  .max(255, { error: rule('too_long', { max: 255 }) });

const UploadFileSchema = z.union(
  [
    // A name alone (the original app's shape): the type comes from its extension, and the URL
    // allows up to the size limit, checked as the bytes arrive and again at attach.
    fileName,
    z.object({
      name: fileName,
      // Checked by the server against PHOTO_CONTENT_TYPES, so the refusal can name the file.
      content_type: z
        .string({ error: rule('not_text') })
        .min(1, { error: rule('required') })
        .max(100, { error: rule('too_long', { max: 100 }) }),
      size: z
        .number({ error: rule('not_a_number') })
        .int({ error: rule('whole_number') })
        .positive({ error: rule('not_positive') }),
    }),
  ],
  { error: rule('invalid') },
);

export const UploadUrlBodySchema = z
  .array(UploadFileSchema, { error: rule('invalid') })
  .min(1, { error: rule('no_photos') })
  .max(MAX_PHOTOS_PER_REQUEST, {
    error: rule('too_many_uploads', { max: MAX_PHOTOS_PER_REQUEST }),
  });
export type UploadUrlBody = z.infer<typeof UploadUrlBodySchema>;

export const UploadUrlEntrySchema = z.object({
  name: z.string(),
  /** Where to PUT the file: a path on this server (local disk) or a presigned storage URL. */
  url: z.string(),
  path: z.string(),
  /** Headers the PUT must carry exactly as given (they are signed), besides the file itself. */
  headers: z.record(z.string(), z.string()),
});
export type UploadUrlEntry = z.infer<typeof UploadUrlEntrySchema>;

export const PhotoSchema = z.object({
  id: z.number().int(),
  /** The gallery size (WebP, ~1600 px wide). */
  url: z.string(),
  /** The card size (WebP, ~480 px wide). */
  thumbnail_url: z.string(),
  /** The file as uploaded. */
  original_url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type Photo = z.infer<typeof PhotoSchema>;
