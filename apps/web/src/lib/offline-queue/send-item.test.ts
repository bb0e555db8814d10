import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenSource } from '@/lib/access-token';
import { sendQueueItem } from '@/lib/offline-queue/send-item';
import type { QueueItem } from '@/lib/offline-queue/types';
import { uploadPhotos } from '@/lib/uploads/upload-photos';

vi.mock('@/lib/uploads/upload-photos', () => ({ uploadPhotos: vi.fn() }));
const upload = vi.mocked(uploadPhotos);

const visit = (): QueueItem => ({
  id: 1,
  userId: 1,
  key: 'visit-key',
  label: 'Casa',
  queuedAt: '2026-11-27T10:00:00.000Z',
  state: 'sending',
  error: null,
  kind: 'visit',
  propertyId: 7,
  body: { visited_at: '2026-11-27T09:00:00.000Z', visitor_id: 3, notes: 'Luminosa', rating: 4 },
  photos: [
    { name: 'a.jpg', type: 'image/jpeg', blob: new Blob(['a']) },
    { name: 'b.jpg', type: 'image/jpeg', blob: new Blob(['b']) },
  ],
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
  upload.mockReset();
});

describe('sendQueueItem', () => {
  it("uploads a visit's photos once, then sends it with its own key on every try", async () => {
    setAccessTokenSource(async () => 'token-1');
    upload.mockResolvedValue({
      status: 'uploaded',
      paths: new Map([
        ['0', 'uploads/a'],
        ['1', 'uploads/b'],
      ]),
    });
    const fetchMock = vi
      .fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response())
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(
        new Response(
          JSON.stringify({
            status: 'success',
            message: 'Logged',
            data: { id: 5, updated_at: '2026-11-27T10:00:00.000Z' },
          }),
          { status: 201, headers: { 'content-type': 'application/json' } },
        ),
      );
    vi.stubGlobal('fetch', fetchMock);
    const item = visit();
    const save = vi.fn(async () => undefined);

    await expect(sendQueueItem(item, { save, afterOwnWrite: false })).rejects.toMatchObject({
      status: 0,
    });
    expect(save).toHaveBeenCalledWith(
      expect.objectContaining({
        photos: [
          expect.objectContaining({ name: 'a.jpg', path: 'uploads/a' }),
          expect.objectContaining({ name: 'b.jpg', path: 'uploads/b' }),
        ],
      }),
    );
    await sendQueueItem(item, { save, afterOwnWrite: false });

    expect(upload).toHaveBeenCalledTimes(1);
    const sent = fetchMock.mock.calls.map(([url, init]) => ({
      url,
      key: new Headers(init?.headers).get('Idempotency-Key'),
      body: JSON.parse(String(init?.body)),
    }));
    expect(sent).toHaveLength(2);
    for (const call of sent) {
      expect(call.url).toBe('/api/properties/7/visits');
      expect(call.key).toBe('visit-key');
      expect(call.body.photos).toEqual(['uploads/a', 'uploads/b']);
    }
  });
});
