import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PhotoStorage } from './photo-storage.js';
import type { UrlSigner } from './url-signer.js';

export type LocalUploadCheck =
  | { ok: true; contentType: string; size: number }
  | { ok: false; status: 400 | 403 | 413 | 415; message: string };

/**
 * Photos on local disk under DATA_DIR/photos. Uploads arrive at the API's own
 * `PUT /storage/<key>` with a signed query; everything is written to a temporary file first and
 * renamed into place, so a half-written file is never seen.
 */
export function createLocalStorage(options: { dir: string; publicUrl: string; signer: UrlSigner }) {
  const { dir, signer } = options;
  const fileOf = (key: string) => {
    const file = path.resolve(dir, key);
    if (!file.startsWith(`${path.resolve(dir)}${path.sep}`))
      throw new Error(`Key escapes storage: ${key}`);
    return file;
  };
  const putPayload = (key: string, contentType: string, size: number, expires: number) =>
    `PUT\n${key}\n${contentType}\n${size}\n${expires}`;

  const storage: PhotoStorage = {
    kind: 'local',
    async signPut({ key, contentType, size, expiresAt }) {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const query = new URLSearchParams({
        type: contentType,
        size: String(size),
        expires: String(expires),
        sig: signer.sign(putPayload(key, contentType, size, expires)),
      });
      return `${options.publicUrl}/storage/${key}?${query}`;
    },
    async stat(key) {
      try {
        const info = await stat(fileOf(key));
        return info.isFile() ? { size: info.size } : null;
      } catch {
        return null;
      }
    },
    read: (key) => readFile(fileOf(key)),
    async write(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${randomUUID()}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, file);
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true, recursive: true })));
    },
    signGet: async () => null,
  };

  /** Checks a PUT against what was signed: signature, expiry, content type and size. */
  function checkPut(
    key: string,
    query: Record<string, string | undefined>,
    headers: { contentType: string | undefined; contentLength: string | undefined },
    now = Date.now(),
  ): LocalUploadCheck {
    const { type, size, expires, sig } = query;
    if (!type || !size || !expires || !sig)
      return { ok: false, status: 403, message: 'This upload URL is incomplete.' };
    if (!signer.verify(putPayload(key, type, Number(size), Number(expires)), sig)) {
      return {
        ok: false,
        status: 403,
        message: 'This upload URL is not valid (its signature does not match).',
      };
    }
    if (Number(expires) * 1000 < now) {
      return { ok: false, status: 403, message: 'This upload URL has expired; ask for a new one.' };
    }
    const contentType = headers.contentType?.split(';')[0]?.trim().toLowerCase();
    if (contentType !== type) {
      return {
        ok: false,
        status: 415,
        message: `This upload URL is for ${type}, not ${contentType ?? 'no content type'}.`,
      };
    }
    const length = Number(headers.contentLength);
    if (!headers.contentLength || !Number.isSafeInteger(length)) {
      return { ok: false, status: 400, message: 'The upload needs a Content-Length.' };
    }
    if (length !== Number(size)) {
      return {
        ok: false,
        status: length > Number(size) ? 413 : 400,
        message: `This upload URL is for ${size} bytes, not ${length}.`,
      };
    }
    return { ok: true, contentType, size: length };
  }

  /** Streams the body to a temporary file, refusing more bytes than were signed, then renames. */
  async function receive(key: string, body: Readable, size: number) {
    const file = fileOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.tmp`;
    let received = 0;
    try {
      await pipeline(
        body,
        async function* limit(source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            received += chunk.length;
            if (received > size)
              throw Object.assign(new Error('more bytes than signed'), { tooLarge: true });
            yield chunk;
          }
        },
        createWriteStream(temporary, { flags: 'wx' }),
      );
      if (received !== size) throw new Error(`received ${received} of ${size} bytes`);
      await rename(temporary, file);
    } catch (err) {
      await rm(temporary, { force: true });
      throw err;
    }
  }

  return { storage, checkPut, receive };
}

export type LocalStorage = ReturnType<typeof createLocalStorage>;
