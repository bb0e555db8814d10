import { randomUUID } from 'node:crypto';
import { constants, createWriteStream, type Dirent } from 'node:fs';
import {
  access,
  link,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ErrorCode } from '@bec/contracts';
import type { PhotoStorage, UploadSize } from './photo-storage.js';
import type { UrlSigner } from './url-signer.js';

/** Why a local PUT is refused, as the error code its answer carries (its status follows). */
type LocalUploadRefusal = Extract<
  ErrorCode,
  'VALIDATION_FAILED' | 'FORBIDDEN' | 'BODY_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE'
>;

export type LocalUploadCheck =
  | { ok: true; contentType: string; size: number }
  | { ok: false; code: LocalUploadRefusal; message: string };

/** A second PUT to a key that holds a file: upload URLs are good for one upload. */
export class UploadUsedError extends Error {
  override readonly name = 'UploadUsedError';
  constructor(key: string) {
    super(`Already uploaded: ${key}`);
  }
}

/**
 * Photos on local disk under DATA_DIR/photos. Uploads arrive at the API's own
 * `PUT /storage/<key>` with a signed query; everything is written to a temporary file first and
 * moved into place, so a half-written file is never seen. Upload URLs are paths, not absolute
 * URLs: the PUT goes to whatever origin the page was opened on.
 */
export function createLocalStorage(options: { dir: string; signer: UrlSigner }) {
  const { dir, signer } = options;
  const fileOf = (key: string) => {
    const file = path.resolve(dir, key);
    if (!file.startsWith(`${path.resolve(dir)}${path.sep}`))
      throw new Error(`Key escapes storage: ${key}`);
    return file;
  };
  // An exact size signs as "158", an upper bound as "<=26214400": one can't pass for the other.
  const sizeTerm = (size: UploadSize) => ('exact' in size ? `${size.exact}` : `<=${size.atMost}`);
  const putPayload = (key: string, contentType: string, size: UploadSize, expires: number) =>
    `PUT\n${key}\n${contentType}\n${sizeTerm(size)}\n${expires}`;

  const storage: PhotoStorage = {
    kind: 'local',
    async signPut({ key, contentType, size, expiresAt }) {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const query = new URLSearchParams({
        type: contentType,
        ...('exact' in size ? { size: String(size.exact) } : { max_size: String(size.atMost) }),
        expires: String(expires),
        sig: signer.sign(putPayload(key, contentType, size, expires)),
      });
      return { url: `/storage/${key}?${query}`, headers: { 'Content-Type': contentType } };
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
    async check() {
      // The folder is made on the first upload; it must be there, readable and writable.
      await mkdir(dir, { recursive: true });
      await access(dir, constants.R_OK | constants.W_OK);
    },
    signGet: async () => null,
    async *list(prefix) {
      // Folder by folder in name order (keys come out sorted, as S3 lists them); `.tmp` files
      // are uploads still arriving.
      async function* walk(keyPrefix: string): AsyncGenerator<{ key: string; size: number }> {
        let entries: Dirent[];
        try {
          entries = await readdir(fileOf(keyPrefix.slice(0, -1)), { withFileTypes: true });
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
          throw err;
        }
        entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const entry of entries) {
          const key = `${keyPrefix}${entry.name}`;
          if (entry.isDirectory()) yield* walk(`${key}/`);
          else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
            const info = await stat(fileOf(key)).catch(() => null);
            if (info) yield { key, size: info.size };
          }
        }
      }
      if (!prefix.endsWith('/')) throw new Error(`Not a folder: ${prefix}`);
      yield* walk(prefix);
    },
  };

  /** Checks a PUT against what was signed: signature, expiry, content type and size. */
  function checkPut(
    key: string,
    query: Record<string, string | undefined>,
    headers: { contentType: string | undefined; contentLength: string | undefined },
    now = Date.now(),
  ): LocalUploadCheck {
    const { type, expires, sig } = query;
    const size: UploadSize | null =
      query.size !== undefined && query.max_size === undefined
        ? { exact: Number(query.size) }
        : query.max_size !== undefined && query.size === undefined
          ? { atMost: Number(query.max_size) }
          : null;
    if (!type || !size || !expires || !sig)
      return { ok: false, code: 'FORBIDDEN', message: 'This upload URL is incomplete.' };
    if (!signer.verify(putPayload(key, type, size, Number(expires)), sig)) {
      return {
        ok: false,
        code: 'FORBIDDEN',
        message: 'This upload URL is not valid (its signature does not match).',
      };
    }
    if (Number(expires) * 1000 < now) {
      return {
        ok: false,
        code: 'FORBIDDEN',
        message: 'This upload URL has expired; ask for a new one.',
      };
    }
    const contentType = headers.contentType?.split(';')[0]?.trim().toLowerCase();
    if (contentType !== type) {
      return {
        ok: false,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: `This upload URL is for ${type}, not ${contentType ?? 'no content type'}.`,
      };
    }
    const length = Number(headers.contentLength);
    if (!headers.contentLength || !Number.isSafeInteger(length)) {
      return {
        ok: false,
        code: 'VALIDATION_FAILED',
        message: 'The upload needs a Content-Length.',
      };
    }
    if ('exact' in size && length !== size.exact) {
      return {
        ok: false,
        code: length > size.exact ? 'BODY_TOO_LARGE' : 'VALIDATION_FAILED',
        message: `This upload URL is for ${size.exact} bytes, not ${length}.`,
      };
    }
    if ('atMost' in size && length > size.atMost) {
      return {
        ok: false,
        code: 'BODY_TOO_LARGE',
        message: `This upload URL is for at most ${size.atMost} bytes, not ${length}.`,
      };
    }
    if (length === 0)
      return { ok: false, code: 'VALIDATION_FAILED', message: 'The upload is empty.' };
    return { ok: true, contentType, size: length };
  }

  /**
   * Streams the body to a temporary file, refusing more bytes than announced, then links it into
   * place. A link never replaces a file (EEXIST), so a key is written at most once: a replayed
   * URL, or the loser of two PUTs at once, gets an UploadUsedError and the file stays as it was.
   */
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
      await link(temporary, file).catch((err: NodeJS.ErrnoException) => {
        throw err.code === 'EEXIST' ? new UploadUsedError(key) : err;
      });
    } finally {
      await rm(temporary, { force: true });
    }
  }

  return { storage, checkPut, receive };
}

export type LocalStorage = ReturnType<typeof createLocalStorage>;
