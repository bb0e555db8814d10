import '@/features/visits/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  uploadVisitPhotos,
  VisitPhotoUploadError,
} from '@/features/visits/api/upload-visit-photos';
import { okReply, stubApi } from '@/testing/stub-api';
import { stubXhr } from '@/testing/stub-xhr';

afterEach(() => {
  vi.unstubAllGlobals();
});

const photo = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/jpeg' });

const signedUrls = (names: string[]) =>
  okReply(
    names.map((name, index) => ({
      name,
      url: `/storage/up/${index}-${name}?sig=t`,
      path: `up/${index}-${name}`,
      headers: { 'If-None-Match': '*' },
    })),
  );

describe('uploadVisitPhotos', () => {
  it('asks for the URLs once, PUTs each file through the shared pipeline, and answers the paths in order', async () => {
    const api = stubApi({ 'POST /api/photos/upload_url': signedUrls(['a.jpg', 'b.jpg']) });
    const xhr = stubXhr();
    await expect(uploadVisitPhotos([photo('a.jpg'), photo('b.jpg')])).resolves.toEqual([
      'up/0-a.jpg',
      'up/1-b.jpg',
    ]);
    expect(api.requestsTo('POST /api/photos/upload_url')).toHaveLength(1);
    expect(xhr.requests.map((r) => [r.method, r.url, r.headers['if-none-match']])).toEqual([
      ['PUT', '/storage/up/0-a.jpg?sig=t', '*'],
      ['PUT', '/storage/up/1-b.jpg?sig=t', '*'],
    ]);
  });

  it('names the first file storage refused, with its status', async () => {
    stubApi({ 'POST /api/photos/upload_url': signedUrls(['a.jpg', 'b.jpg']) });
    stubXhr((request) => (request.url.includes('b.jpg') ? { status: 413 } : { status: 200 }));
    const failure = await uploadVisitPhotos([photo('a.jpg'), photo('b.jpg')]).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(VisitPhotoUploadError);
    expect((failure as Error).message).toBe('b.jpg could not be uploaded (code 413). Try again.');
  });
});
