import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { PhotoStorage } from './photo-storage.js';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
};

/** Any S3-compatible store: the browser PUTs to a presigned URL, the API never sees the bytes. */
export function createS3Storage(options: S3StorageOptions): PhotoStorage & { client: S3Client } {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
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
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0 };
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata
          ?.httpStatusCode;
        if (status === 404 || (err as { name?: string }).name === 'NotFound') return null;
        throw err;
      }
    },
    async read(key) {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      if (!object.Body) throw new Error(`Empty object: ${key}`);
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async write(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async remove(keys) {
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000);
        if (batch.length === 0) continue;
        await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
      }
    },
    signGet: (key, expiresIn) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn }),
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
