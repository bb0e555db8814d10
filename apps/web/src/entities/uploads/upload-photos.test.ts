import type { UploadUrlEntry } from '@bec/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { UploadFileInfo } from '@/entities/uploads/request-upload-urls';
import { PhotoUploadError, type UploadPhotoOptions } from '@/entities/uploads/upload-photo';
import { type UploadJob, uploadPhotos } from '@/entities/uploads/upload-photos';
import { ApiError } from '@/lib/api-error';

const job = (id: string, name: string, type: string, size = 100): UploadJob => ({
  id,
  file: new File([new Uint8Array(size)], name, { type }),
  contentType: type,
});

const signed = (files: UploadFileInfo[]): UploadUrlEntry[] =>
  files.map((file, index) => ({
    name: file.name,
    url: `/storage/up/${index}?sig=x`,
    path: `up/${index}`,
    headers: { 'Content-Type': file.content_type, 'If-None-Match': '*' },
  }));

/** A PUT that waits to be released, so the test can see how many run at once. */
function manualPut() {
  const running: { options: UploadPhotoOptions; finish: (error?: Error) => void }[] = [];
  const put = vi.fn(
    (options: UploadPhotoOptions) =>
      new Promise<void>((resolve, reject) => {
        running.push({ options, finish: (error) => (error ? reject(error) : resolve()) });
      }),
  );
  return { put, running };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('uploadPhotos', () => {
  it('asks for every URL in one request, then PUTs each file with its own type and signed headers, 3 at a time', async () => {
    const jobs = [
      job('a', 'a.jpg', 'image/jpeg'),
      job('b', 'b.png', 'image/png'),
      job('c', 'c.webp', 'image/webp'),
      job('d', 'd.avif', 'image/avif'),
    ];
    const requestUrls = vi.fn(async (files: UploadFileInfo[]) => signed(files));
    const { put, running } = manualPut();
    const uploaded: string[] = [];
    const result = uploadPhotos(jobs, {
      requestUrls,
      put,
      onUploaded: (id, path) => uploaded.push(`${id}=${path}`),
    });
    await settle();
    expect(requestUrls).toHaveBeenCalledTimes(1);
    expect(requestUrls).toHaveBeenCalledWith([
      { name: 'a.jpg', content_type: 'image/jpeg', size: 100 },
      { name: 'b.png', content_type: 'image/png', size: 100 },
      { name: 'c.webp', content_type: 'image/webp', size: 100 },
      { name: 'd.avif', content_type: 'image/avif', size: 100 },
    ]);
    expect(running.map((r) => [r.options.url, r.options.contentType])).toEqual([
      ['/storage/up/0?sig=x', 'image/jpeg'],
      ['/storage/up/1?sig=x', 'image/png'],
      ['/storage/up/2?sig=x', 'image/webp'],
    ]);
    expect(running[0]?.options.headers).toEqual({
      'Content-Type': 'image/jpeg',
      'If-None-Match': '*',
    });
    running[1]?.finish();
    await settle();
    expect(running).toHaveLength(4);
    expect(running[3]?.options.contentType).toBe('image/avif');
    for (const r of running) r.finish();
    await expect(result).resolves.toEqual({
      status: 'uploaded',
      paths: new Map([
        ['a', 'up/0'],
        ['b', 'up/1'],
        ['c', 'up/2'],
        ['d', 'up/3'],
      ]),
    });
    expect(uploaded).toEqual(['b=up/1', 'a=up/0', 'c=up/2', 'd=up/3']);
  });

  it('reports each whole percent once', async () => {
    const onProgress = vi.fn();
    await uploadPhotos([job('a', 'a.jpg', 'image/jpeg')], {
      requestUrls: async (files) => signed(files),
      put: async ({ onProgress: report }) => {
        report?.(0, 1000);
        report?.(1, 1000);
        report?.(505, 1000);
        report?.(509, 1000);
        report?.(1000, 1000);
      },
      onProgress,
    });
    expect(onProgress.mock.calls).toEqual([
      ['a', 0],
      ['a', 50],
      ['a', 100],
    ]);
  });

  it('lets the others finish when one fails, and lists the failures in the order picked', async () => {
    const jobs = [
      job('a', 'a.jpg', 'image/jpeg'),
      job('b', 'b.png', 'image/png'),
      job('c', 'c.webp', 'image/webp'),
    ];
    const { put, running } = manualPut();
    const result = uploadPhotos(jobs, { requestUrls: async (files) => signed(files), put });
    await settle();
    running[2]?.finish(new PhotoUploadError(0, 'Network error'));
    running[1]?.finish(new PhotoUploadError(413, 'Payload Too Large'));
    running[0]?.finish();
    await expect(result).resolves.toEqual({
      status: 'files-failed',
      failures: [
        { id: 'b', name: 'b.png', message: 'Upload failed: 413 Payload Too Large' },
        { id: 'c', name: 'c.webp', message: 'Upload failed: 0 Network error' },
      ],
      paths: new Map([['a', 'up/0']]),
    });
  });

  it('says "Original file not found" for a file the answer has no URL for', async () => {
    const onFailed = vi.fn();
    const put = vi.fn(async () => undefined);
    const result = await uploadPhotos(
      [job('a', 'a.jpg', 'image/jpeg'), job('b', 'b.png', 'image/png')],
      {
        requestUrls: async () => [
          { name: 'a.jpg', url: '/storage/up/0', path: 'up/0', headers: {} },
        ],
        put,
        onFailed,
      },
    );
    expect(result).toMatchObject({
      status: 'files-failed',
      failures: [{ id: 'b', name: 'b.png', message: 'Original file not found' }],
    });
    expect(put).toHaveBeenCalledTimes(1);
    expect(onFailed).toHaveBeenCalledWith('b', 'Original file not found');
  });

  it('uploads nothing when the URLs cannot be had', async () => {
    const error = new ApiError(400, 'No upload URLs were issued: 0: x.gif: …');
    const put = vi.fn();
    const result = await uploadPhotos([job('a', 'x.gif', 'image/gif')], {
      requestUrls: async () => {
        throw error;
      },
      put,
    });
    expect(result).toEqual({ status: 'urls-failed', error });
    expect(put).not.toHaveBeenCalled();
  });
});
