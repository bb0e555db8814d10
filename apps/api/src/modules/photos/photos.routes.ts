import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { PHOTO_CONTENT_TYPES, UploadUrlBodySchema, UploadUrlEntrySchema } from '@bec/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { AUTH_ERRORS, ok, responses } from '../../lib/http.js';
import { allow } from '../../lib/route-config.js';
import { memberOf } from '../../plugins/app/auth.js';
import { type LocalStorage, UploadUsedError } from '../../plugins/app/storage/local-storage.js';
import { EXTENSIONS, UPLOAD_KEY } from '../../plugins/app/storage/photo-storage.js';
import { UnreadableImageError, type Variant } from './photo-images.js';
import type { PhotosService } from './photos.service.js';

export const photoUploadRoutes: FastifyPluginAsyncZod<{ photos: PhotosService }> = async (
  app,
  { photos },
) => {
  app.post(
    '/photos/upload_url',
    {
      schema: {
        tags: ['photos'],
        summary: 'Signed URLs to PUT photos straight to storage, one per file',
        body: UploadUrlBodySchema,
        response: responses(200, z.array(UploadUrlEntrySchema), [400, ...AUTH_ERRORS]),
      },
      config: allow(['editor', 'admin']),
    },
    async (request) => {
      const entries = await photos.issueUploadUrls(memberOf(request).id, request.body);
      return ok(`${entries.length} upload URL${entries.length === 1 ? '' : 's'}`, entries);
    },
  );
};

const typeOfKey = (key: string) =>
  Object.entries(EXTENSIONS).find(([, ext]) => key.endsWith(`.${ext}`))?.[0] ??
  'application/octet-stream';

const notFound = (reply: FastifyReply) =>
  reply
    .code(404)
    .type('text/plain; charset=utf-8')
    .send('This photo link is not valid, or has expired.');

/**
 * GET /photos/<key>/<card|gallery|original>?expires=&sig=: signed links, so an <img> can load
 * photos without a bearer token. The content behind a key never changes: cached long, with ETag.
 * Not rate limited (ADR 028): the links come only from the limited API, and an <img> cannot wait
 * out a 429, it shows a broken picture.
 */
export const photoDownloadRoutes: FastifyPluginAsync<{ photos: PhotosService }> = async (
  app,
  { photos },
) => {
  app.get<{ Params: { '*': string }; Querystring: { expires?: string; sig?: string } }>(
    '/photos/*',
    { schema: { hide: true }, config: { noRateLimit: true } },
    async (request, reply) => {
      const rest = request.params['*'];
      const slash = rest.lastIndexOf('/');
      const key = rest.slice(0, slash);
      const variant = rest.slice(slash + 1);
      if (!photos.checkDownload(key, variant, request.query.expires, request.query.sig))
        return notFound(reply);
      const etag = `"${createHash('sha1').update(`${key}/${variant}`).digest('base64url')}"`;
      reply.header('cache-control', 'private, max-age=86400').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      // A link outlives its photo when the photo is removed: that is a 404, not an error.
      if (!(await photos.storage.stat(key))) return notFound(reply);
      let source: { key: string; body?: Buffer };
      try {
        source =
          variant === 'original' ? { key } : await photos.ensureVariant(key, variant as Variant);
      } catch (err) {
        if (!(err instanceof UnreadableImageError)) throw err;
        // Damaged in storage after it was attached: no copy can be made of it, now or later.
        request.log.warn({ err, key }, 'a stored photo cannot be decoded');
        reply.removeHeader('etag').header('cache-control', 'no-store');
        throw new AppError('NOT_FOUND', 'This photo cannot be shown: its stored file is damaged.');
      }
      const direct = await photos.storage.signGet(source.key, 3600);
      if (direct) return reply.redirect(direct, 302);
      const body =
        'body' in source && source.body ? source.body : await photos.storage.read(source.key);
      return reply.type(variant === 'original' ? typeOfKey(key) : 'image/webp').send(body);
    },
  );
};

const alreadyUploaded = () =>
  new AppError('CONFLICT', 'This upload URL has been used already: ask for a new one.');

/**
 * PUT /storage/<key>?…: the local driver's stand-in for S3's presigned PUT. One upload per URL:
 * a key that holds a file is never written again (S3 refuses it with If-None-Match).
 */
export const localUploadRoutes: FastifyPluginAsync<{ local: LocalStorage }> = async (
  app,
  { local },
) => {
  // Image bodies are streamed to disk, never buffered by a parser.
  app.addContentTypeParser([...PHOTO_CONTENT_TYPES], (_request, payload, done) =>
    done(null, payload),
  );
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.put<{ Params: { '*': string }; Querystring: Record<string, string | undefined> }>(
    '/storage/*',
    // Not rate limited (ADR 028): each URL is single-use and comes from the limited API.
    { schema: { hide: true }, bodyLimit: Number.MAX_SAFE_INTEGER, config: { noRateLimit: true } },
    async (request, reply) => {
      const key = request.params['*'];
      if (!UPLOAD_KEY.test(key)) throw new AppError('VALIDATION_FAILED', 'Not an upload key.');
      const check = local.checkPut(key, request.query, {
        contentType: request.headers['content-type'],
        contentLength: request.headers['content-length'],
      });
      if (!check.ok) {
        request.raw.resume();
        throw new AppError(check.code, check.message);
      }
      // Answered before the body is read when it is plain; receive() settles a race atomically.
      if (await local.storage.stat(key)) {
        request.raw.resume();
        throw alreadyUploaded();
      }
      try {
        await local.receive(key, request.body as Readable, check.size);
      } catch (err) {
        if (err instanceof UploadUsedError) throw alreadyUploaded();
        request.log.warn({ err, key }, 'upload failed');
        if ((err as { tooLarge?: boolean }).tooLarge)
          throw new AppError('BODY_TOO_LARGE', 'The upload is larger than its URL allows.');
        throw new AppError('VALIDATION_FAILED', 'The upload did not complete.');
      }
      return reply.code(200).send({ status: 'success', message: 'Uploaded', data: { path: key } });
    },
  );
};
