import { MAX_PHOTOS_PER_REQUEST, PHOTO_CONTENT_TYPES } from '@bec/contracts';
import { currentLocale, t } from '@/i18n/i18n';
import type { Locale } from '@/i18n/locale';

/** At most this many photos are picked for one property (one upload_url request). */
export const MAX_PHOTOS = MAX_PHOTOS_PER_REQUEST;

/**
 * The largest photo picked: the server's default `PHOTO_MAX_MB`. A server set lower still refuses
 * a larger file when signing, naming it.
 */
export const MAX_PHOTO_MB = 25;
export const MAX_PHOTO_BYTES = MAX_PHOTO_MB * 1024 * 1024;

type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];

/**
 * The types the server signs for, each with its extensions: a browser that does not know a type
 * (HEIC on many desktops) gives the file an empty type, and the extension then lets it in.
 */
const EXTENSIONS: Record<PhotoContentType, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
  'image/avif': ['.avif'],
};

/** Dropzone's `accept`: the image types above, by type or extension. */
export const PHOTO_ACCEPT: Record<string, string[]> = EXTENSIONS;

/** Why a file that is no photo is refused, in the current language. */
export const notAnImage = () => t('properties.photos.notAnImage');

const isPhotoType = (type: string): type is PhotoContentType =>
  (PHOTO_CONTENT_TYPES as readonly string[]).includes(type);

/**
 * The content type a file is signed and uploaded with: its own when it is one of the photo
 * types, else the one its extension names; null when neither is a photo type.
 */
export function photoContentType(file: { name: string; type: string }): PhotoContentType | null {
  if (isPhotoType(file.type)) return file.type;
  if (file.type !== '') return null;
  const name = file.name.toLowerCase();
  const byExtension = Object.entries(EXTENSIONS).find(([, extensions]) =>
    extensions.some((extension) => name.endsWith(extension)),
  );
  return byExtension ? (byExtension[0] as PhotoContentType) : null;
}

/**
 * Dropzone's `validator`: `accept` lets a file in by its extension even when the browser gave it
 * another type (a GIF named `.jpg`); this refuses it, as the server would.
 */
export function validatePhotoFile(file: File) {
  return photoContentType(file) ? null : { code: 'file-invalid-type', message: notAnImage() };
}

const sizeNumbers = new Map<Locale, Intl.NumberFormat>();
function sizeNumber(): Intl.NumberFormat {
  const locale = currentLocale();
  let format = sizeNumbers.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1, useGrouping: 'always' });
    sizeNumbers.set(locale, format);
  }
  return format;
}

/** A file size in the current language, in binary units: 512 B, 850 KB, 1,5 MB / 1.5 MB. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${sizeNumber().format(Math.round(bytes / 1024))} KB`;
  return `${sizeNumber().format(bytes / (1024 * 1024))} MB`;
}

/** A file Dropzone refused and why (its FileRejection, without the path it adds to the file). */
export type FileRefusal = { file: File; errors: readonly { code: string; message: string }[] };

/** Why Dropzone refused a file, naming it: "notes.pdf: only JPEG, PNG, … can be uploaded". */
export function rejectionMessage({ file, errors }: FileRefusal): string {
  const codes = errors.map((error) => error.code);
  const { name } = file;
  if (codes.includes('file-invalid-type')) {
    return t('properties.photos.fileReason', { name, reason: notAnImage() });
  }
  if (codes.includes('file-too-large')) {
    return t('properties.photos.tooLarge', {
      name,
      size: formatFileSize(file.size),
      mb: MAX_PHOTO_MB,
    });
  }
  if (codes.includes('too-many-files'))
    return t('properties.photos.tooMany', { name, max: MAX_PHOTOS });
  const reason = errors.map((error) => error.message).join('; ');
  return t('properties.photos.fileReason', { name, reason });
}

/** Where one picked file stands. */
type PhotoStatus = 'ready' | 'uploading' | 'uploaded' | 'failed';

/** A file picked for the property, in the order it will be sent (the first is the cover). */
export type SelectedPhoto = {
  id: string;
  /** The file picked; null for a photo imported from a listing's page, already in storage. */
  file: File | null;
  /** Its name as shown: the file's, or the last part of the listing image's URL. */
  name: string;
  contentType: PhotoContentType | null;
  /** An object URL of the file for its thumbnail, revoked when the file leaves the list; null
   * for an imported photo: the CSP lets the page show no image from another site. */
  previewUrl: string | null;
  /** The listing image's URL an imported photo was fetched from; null for a file picked. */
  importedFrom: string | null;
  status: PhotoStatus;
  /** Percent uploaded, 0–100. */
  progress: number;
  /** The storage path once uploaded, kept so a retry does not upload it again. */
  path: string | null;
  /** What went wrong with this file, shown on it. */
  error: string | null;
};
