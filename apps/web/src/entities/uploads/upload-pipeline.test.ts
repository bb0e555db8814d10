import type { UploadUrlEntry } from '@bec/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { UploadFileInfo } from '@/entities/uploads/request-upload-urls';
import { PhotoUploadError, type UploadPhotoOptions } from '@/entities/uploads/upload-photo';
import { type UploadJob, uploadPhotos } from '@/entities/uploads/upload-photos';

// The shared pipeline's limits (ADR 029): how many PUTs at once, trying again, cancelling.

const jobs = (count: number): UploadJob[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `j${index}`,
    file: new File([new Uint8Array(10)], `f${index}.jpg`, { type: 'image/jpeg' }),
    contentType: 'image/jpeg',
  }));

const requestUrls = async (files: UploadFileInfo[]): Promise<UploadUrlEntry[]> =>
  files.map((file, index) => ({
    name: file.name,
    url: `/storage/up/${index}`,
    path: `up/${index}`,
    headers: {},
  }));

/** PUTs that wait to be finished by hand, counting how many run at once. */
function manualPut() {
  const running: { options: UploadPhotoOptions; finish: (error?: unknown) => void }[] = [];
  let now = 0;
  let most = 0;
  const put = vi.fn(
    (options: UploadPhotoOptions) =>
      new Promise<void>((resolve, reject) => {
        now += 1;
        most = Math.max(most, now);
        const done = () => {
          now -= 1;
        };
        options.signal?.addEventListener('abort', () => {
          done();
          reject(new DOMException('The upload was aborted.', 'AbortError'));
        });
        running.push({
          options,
          finish: (error) => {
            done();
            if (error) reject(error);
            else resolve();
          },
        });
      }),
  );
  return { put, running, most: () => most };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the upload pipeline', () => {
  it('never runs more PUTs at once than its concurrency, and starts the next as one ends', async () => {
    const { put, running, most } = manualPut();
    const result = uploadPhotos(jobs(5), { requestUrls, put, concurrency: 2 });
    await settle();
    expect(running).toHaveLength(2);
    running[0]?.finish();
    await settle();
    expect(running).toHaveLength(3);
    for (let i = 1; i < 5; i += 1) {
      running[i]?.finish();
      await settle();
    }
    await expect(result).resolves.toMatchObject({ status: 'uploaded' });
    expect(put).toHaveBeenCalledTimes(5);
    expect(most()).toBe(2);
  });

  it('tries a PUT again after a passing failure (nothing answered, 5xx), waiting longer each time', async () => {
    const answers = [new PhotoUploadError(0, 'Network error'), new PhotoUploadError(503, '')];
    const put = vi.fn(async () => {
      const answer = answers.shift();
      if (answer) throw answer;
    });
    const retryDelay = vi.fn(() => 0);
    const onStart = vi.fn();
    const result = await uploadPhotos(jobs(1), {
      requestUrls,
      put,
      retries: 2,
      retryDelay,
      onStart,
    });
    expect(result).toEqual({ status: 'uploaded', paths: new Map([['j0', 'up/0']]) });
    expect(put).toHaveBeenCalledTimes(3);
    expect(retryDelay.mock.calls).toEqual([[0], [1]]);
    expect(onStart).toHaveBeenCalledTimes(1);
  });

  it('does not try a refused PUT again, and fails with the last answer once the tries run out', async () => {
    const refused = vi.fn(async () => {
      throw new PhotoUploadError(413, 'Payload Too Large');
    });
    await expect(
      uploadPhotos(jobs(1), { requestUrls, put: refused, retries: 3, retryDelay: () => 0 }),
    ).resolves.toMatchObject({
      status: 'files-failed',
      failures: [{ id: 'j0', message: 'Upload failed: 413 Payload Too Large' }],
    });
    expect(refused).toHaveBeenCalledTimes(1);

    const down = vi.fn(async () => {
      throw new PhotoUploadError(502, '');
    });
    await expect(
      uploadPhotos(jobs(1), { requestUrls, put: down, retries: 2, retryDelay: () => 0 }),
    ).resolves.toMatchObject({
      status: 'files-failed',
      failures: [{ id: 'j0', message: 'Upload failed: 502 Bad Gateway' }],
    });
    expect(down).toHaveBeenCalledTimes(3);
  });

  it('words a failure as the caller asks', async () => {
    const put = vi.fn(async () => {
      throw new PhotoUploadError(413, 'Payload Too Large');
    });
    const result = await uploadPhotos(jobs(1), {
      requestUrls,
      put,
      failureMessage: (name, error) => `${name}: ${error?.status}`,
    });
    expect(result).toMatchObject({ failures: [{ message: 'f0.jpg: 413' }] });
  });

  it('cancels: the PUTs under way abort, the others never start, and the call rejects', async () => {
    const { put, running } = manualPut();
    const controller = new AbortController();
    const result = uploadPhotos(jobs(5), { requestUrls, put, signal: controller.signal });
    await settle();
    expect(running).toHaveLength(3);
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    await settle();
    expect(put).toHaveBeenCalledTimes(3);
  });

  it('cancels while waiting to try again', async () => {
    const controller = new AbortController();
    const put = vi.fn(async () => {
      throw new PhotoUploadError(0, 'Network error');
    });
    const result = uploadPhotos(jobs(1), {
      requestUrls,
      put,
      retries: 1,
      retryDelay: () => 60_000,
      signal: controller.signal,
    });
    await settle();
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(put).toHaveBeenCalledTimes(1);
  });
});
