import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendQueueItem } from '@/entities/offline-queue/send-item';
import type { QueueItem } from '@/entities/offline-queue/types';
import { uploadPhotos } from '@/entities/uploads/upload-photos';
import { setAccessTokenSource } from '@/lib/access-token';
import { lasCondesHouse } from '@/testing/property-fixtures';
import { errorReply, okReply, stubApi } from '@/testing/stub-api';

vi.mock('@/entities/uploads/upload-photos', () => ({ uploadPhotos: vi.fn() }));
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

/** A queued move to negotiating, on the version the page had loaded. */
const stageMove = (key: string): QueueItem => ({
  id: 2,
  userId: 1,
  key,
  label: 'Casa',
  queuedAt: '2026-11-27T10:00:00.000Z',
  state: 'sending',
  error: null,
  kind: 'stage',
  propertyId: 7,
  body: { stage: 'negotiating', discard_reason: null, updated_at: '2026-11-27T10:00:00.000Z' },
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
  upload.mockReset();
});

describe('sendQueueItem', () => {
  it("uploads a quick add's photo, then adds the property with its path under its own key", async () => {
    setAccessTokenSource(async () => 'token-1');
    upload.mockResolvedValue({ status: 'uploaded', paths: new Map([['0', 'uploads/q']]) });
    const api = stubApi({ 'POST /api/properties/add': okReply({ id: 77 }, 'Added', 201) });
    const item: QueueItem = {
      id: 3,
      userId: 1,
      key: 'quick-key',
      label: 'Depto esquina',
      queuedAt: '2026-11-28T10:00:00.000Z',
      state: 'sending',
      error: null,
      kind: 'property',
      body: {
        name: 'Depto esquina',
        city_id: 13120,
        price: 5450,
        price_unit: 'UF',
        property_type_id: 2,
      },
      photos: [{ name: 'q.jpg', type: 'image/jpeg', blob: new Blob(['q']) }],
    };
    const save = vi.fn(async () => undefined);
    await sendQueueItem(item, { save, afterOwnWrite: false });
    expect(api.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/properties/add',
        body: expect.objectContaining({ name: 'Depto esquina', photos: ['uploads/q'] }),
      }),
    ]);
    const headers = new Headers(api.fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Idempotency-Key')).toBe('quick-key');
    // The path is kept on the item: a later try uploads nothing again.
    expect(item.photos[0]?.path).toBe('uploads/q');
    expect(save).toHaveBeenCalled();
  });

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

  it('sends a stage move refused as stale after its own visit again, on the current version and a new key', async () => {
    setAccessTokenSource(async () => 'token-1');
    const current = { ...lasCondesHouse, id: 7, updated_at: '2026-11-27T12:00:00.000Z' };
    let patches = 0;
    const api = stubApi({
      'PATCH /api/properties/7/stage': () => {
        patches += 1;
        return patches === 1
          ? errorReply(409, 'CONFLICT', 'Changed meanwhile')
          : okReply({
              id: 7,
              stage: 'negotiating',
              visited: true,
              updated_at: '2026-11-27T12:01:00.000Z',
            });
      },
      'GET /api/properties/7': okReply(current),
    });
    const item = stageMove('stage-key');
    const save = vi.fn(async () => undefined);

    await sendQueueItem(item, { save, afterOwnWrite: true });

    const sent = api.requestsTo('PATCH /api/properties/7/stage');
    expect(sent.map((request) => (request.body as { updated_at: string }).updated_at)).toEqual([
      '2026-11-27T10:00:00.000Z',
      '2026-11-27T12:00:00.000Z',
    ]);
    const keys = api.fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'PATCH')
      .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys[0]).toBe('stage-key');
    expect(keys[1]).not.toBe('stage-key');
    // Saved before it was sent: a retry after a lost answer sends the same re-based move.
    expect(save).toHaveBeenCalledWith(expect.objectContaining({ key: keys[1] }));
  });

  it("leaves a stale stage move refused when no write of the queue's came before it", async () => {
    setAccessTokenSource(async () => 'token-1');
    stubApi({ 'PATCH /api/properties/7/stage': errorReply(409, 'CONFLICT', 'Changed meanwhile') });
    const item = stageMove('stage-key');
    await expect(
      sendQueueItem(item, { save: vi.fn(async () => undefined), afterOwnWrite: false }),
    ).rejects.toMatchObject({ status: 409, code: 'CONFLICT' });
  });
});
