import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Options } from '../../../lib/s3-options.js';

/**
 * The origin the browser reaches the bucket on (uploads' PUT, photos' redirected GET), as the SDK
 * itself builds it: path-style on the endpoint, or the bucket's virtual host (on AWS without an
 * endpoint, `https://<bucket>.s3.<region>.amazonaws.com`). Presigning with placeholder credentials
 * makes no request and needs none of the real ones.
 */
export async function s3Origin(options: S3Options): Promise<string> {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    credentials: { accessKeyId: 'origin-probe', secretAccessKey: 'origin-probe' },
  });
  try {
    const url = await getSignedUrl(
      client,
      new GetObjectCommand({ Bucket: options.bucket, Key: 'probe' }),
      { expiresIn: 60 },
    );
    return new URL(url).origin;
  } finally {
    client.destroy();
  }
}
