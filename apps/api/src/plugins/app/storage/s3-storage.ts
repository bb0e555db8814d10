import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Options } from '../../../lib/s3-options.js';
import type { PhotoStorage } from './photo-storage.js';

/** The most a try may wait for its connection (or the whole timeout, if shorter). */
const CONNECT_TIMEOUT_MS = 3000;

/** A storage call that took longer than its timeout, tries included. */
export class StorageTimeoutError extends Error {
  override readonly name = 'TimeoutError';
  readonly code = 'ETIMEDOUT';
  constructor(timeoutMs: number) {
    super(`The photo storage did not answer within ${timeoutMs / 1000} s`);
  }
}

/**
 * Runs `work` with a signal that aborts it after `timeoutMs`, and fails then even if `work` does
 * not notice: the SDK's own timeouts bound each try, this bounds the call.
 */
async function withDeadline<T>(
  timeoutMs: number,
  work: (abortSignal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const err = new StorageTimeoutError(timeoutMs);
      controller.abort(err);
      reject(err);
    }, timeoutMs);
  });
  try {
    return await Promise.race([work(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Any S3-compatible store: the browser PUTs to a presigned URL, the API never sees the bytes.
 * Every call is bounded: connecting by CONNECT_TIMEOUT_MS, each try's wait for an answer by its
 * share of the timeout (so a retry still fits when one connection hangs), idle sockets and the
 * whole call, tries and transfer included, by `timeoutMs`.
 */
export function createS3Storage(options: S3Options): PhotoStorage & { client: S3Client } {
  const { timeoutMs, maxAttempts } = options;
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    maxAttempts,
    requestHandler: {
      connectionTimeout: Math.min(CONNECT_TIMEOUT_MS, timeoutMs),
      requestTimeout: Math.ceil(timeoutMs / maxAttempts),
      throwOnRequestTimeout: true,
      socketTimeout: timeoutMs,
    },
  });
  const Bucket = options.bucket;
  return {
    kind: 's3',
    client,
    async signPut({ key, contentType, size, expiresAt }) {
      const expiresIn = Math.max(1, Math.round((expiresAt.getTime() - Date.now()) / 1000));
      // Signed headers, so S3 refuses a PUT without them: the type, the length when it is known
      // exactly (a presigned PUT cannot bind a range: an upper bound is checked at attach), and
      // If-None-Match: * so the store refuses to overwrite the key (a replay of the URL).
      const exact = 'exact' in size ? size.exact : undefined;
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({
          Bucket,
          Key: key,
          ContentType: contentType,
          ContentLength: exact,
          IfNoneMatch: '*',
        }),
        {
          expiresIn,
          signableHeaders: new Set([
            'content-type',
            'if-none-match',
            ...(exact === undefined ? [] : ['content-length']),
          ]),
        },
      );
      return { url, headers: { 'Content-Type': contentType, 'If-None-Match': '*' } };
    },
    async stat(key) {
      try {
        const head = await withDeadline(timeoutMs, (abortSignal) =>
          client.send(new HeadObjectCommand({ Bucket, Key: key }), { abortSignal }),
        );
        return { size: head.ContentLength ?? 0 };
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata
          ?.httpStatusCode;
        if (status === 404 || (err as { name?: string }).name === 'NotFound') return null;
        throw err;
      }
    },
    read: (key) =>
      // The body's transfer counts too: aborting destroys the request and its response stream.
      withDeadline(timeoutMs, async (abortSignal) => {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }), {
          abortSignal,
        });
        if (!object.Body) throw new Error(`Empty object: ${key}`);
        return Buffer.from(await object.Body.transformToByteArray());
      }),
    async write(key, body, contentType) {
      await withDeadline(timeoutMs, (abortSignal) =>
        client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }),
          { abortSignal },
        ),
      );
    },
    async remove(keys) {
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000);
        if (batch.length === 0) continue;
        await withDeadline(timeoutMs, (abortSignal) =>
          client.send(
            new DeleteObjectsCommand({
              Bucket,
              Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
            }),
            { abortSignal },
          ),
        );
      }
    },
    async check() {
      await withDeadline(timeoutMs, (abortSignal) =>
        client.send(new HeadBucketCommand({ Bucket }), { abortSignal }),
      );
    },
    signGet: (key, expiresIn) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn }),
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await withDeadline(timeoutMs, (abortSignal) =>
          client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }), {
            abortSignal,
          }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
