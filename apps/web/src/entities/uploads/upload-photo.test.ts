import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhotoUploadError, uploadPhoto } from '@/entities/uploads/upload-photo';
import { stubXhr } from '@/testing/stub-xhr';

afterEach(() => {
  vi.unstubAllGlobals();
});

const photo = () => new File([new Uint8Array(1000)], 'casa.jpg', { type: 'image/jpeg' });

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  // An AbortError is a DOMException, which is no Error in jsdom.
  if (!(error instanceof Error || error instanceof DOMException)) {
    throw new Error(`expected an error, got ${String(error)}`);
  }
  return error;
}

describe('uploadPhoto', () => {
  it('PUTs the raw file with its content type and no Authorization, reporting progress', async () => {
    const xhr = stubXhr();
    const file = photo();
    const progress = vi.fn();
    await uploadPhoto({
      url: '/storage/up/k.jpg?sig=1',
      file,
      contentType: 'image/jpeg',
      onProgress: progress,
    });
    expect(xhr.requests).toHaveLength(1);
    const [request] = xhr.requests;
    expect(request?.method).toBe('PUT');
    expect(request?.url).toBe('/storage/up/k.jpg?sig=1');
    expect(request?.headers).toEqual({ 'content-type': 'image/jpeg' });
    expect(request?.body).toBe(file);
    expect(progress.mock.calls).toEqual([
      [500, 1000],
      [1000, 1000],
    ]);
  });

  it("sends the entry's signed headers verbatim, its Content-Type winning over the job's", async () => {
    const xhr = stubXhr();
    await uploadPhoto({
      url: 'https://bucket.s3.example/uploads/k.jpg?X-Amz-Signature=1',
      file: photo(),
      contentType: 'image/jpeg',
      headers: { 'Content-Type': 'image/heic', 'If-None-Match': '*' },
    });
    // One Content-Type (two setRequestHeader calls would send "image/jpeg, image/heic").
    expect(xhr.requests[0]?.headers).toEqual({
      'content-type': 'image/heic',
      'if-none-match': '*',
    });
  });

  it('rejects with "Upload failed: {code} {text}", naming the status when the server gives no text', async () => {
    stubXhr(() => ({ status: 413, statusText: 'Payload Too Large' }));
    const tooLarge = await failure(uploadPhoto({ url: '/u', file: photo(), contentType: 'a/b' }));
    expect(tooLarge).toBeInstanceOf(PhotoUploadError);
    expect(tooLarge.message).toBe('Upload failed: 413 Payload Too Large');

    // HTTP/2 (S3) has no reason phrases.
    stubXhr(() => ({ status: 403, statusText: '' }));
    const forbidden = await failure(uploadPhoto({ url: '/u', file: photo(), contentType: 'a/b' }));
    expect(forbidden.message).toBe('Upload failed: 403 Forbidden');
  });

  it('says "Upload failed: 0 Network error" when nothing answers', async () => {
    stubXhr(() => 'network-error');
    const error = await failure(uploadPhoto({ url: '/u', file: photo(), contentType: 'a/b' }));
    expect(error.message).toBe('Upload failed: 0 Network error');
  });

  it('aborts the request with the signal', async () => {
    const xhr = stubXhr(() => 'pending');
    const controller = new AbortController();
    const upload = uploadPhoto({
      url: '/u',
      file: photo(),
      contentType: 'a/b',
      signal: controller.signal,
    });
    controller.abort();
    const error = await failure(upload);
    expect(error.name).toBe('AbortError');
    expect(xhr.requests[0]?.aborted).toBe(true);
  });
});
