import { type UploadUrlEntry, UploadUrlEntrySchema } from '@bec/contracts';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/** One file to sign for: its name, content type and size in bytes (the URL is bound to both). */
export type UploadFileInfo = { name: string; content_type: string; size: number };

/**
 * POST /api/photos/upload_url (editors and admins): one signed PUT URL and storage path per file,
 * answered in the order asked. A 400 names the file that cannot be uploaded.
 */
export const requestUploadUrls = (files: UploadFileInfo[]): Promise<UploadUrlEntry[]> =>
  apiRequest('/photos/upload_url', z.array(UploadUrlEntrySchema), {
    method: 'POST',
    body: files,
  });
