import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sendQueueItem } from '@/entities/offline-queue/send-item';
import { flushOfflineQueue, outcomeOf, stopOfflineRetries } from '@/entities/offline-queue/sender';
import { addQueueItem, clearOfflineQueue, listQueueItems } from '@/entities/offline-queue/store';
import type { QueuedWrite } from '@/entities/offline-queue/types';
import { ApiError } from '@/lib/api-error';

vi.mock('@/entities/offline-queue/send-item', async (original) => ({
  ...(await original<typeof import('@/entities/offline-queue/send-item')>()),
  sendQueueItem: vi.fn(),
}));
const send = vi.mocked(sendQueueItem);

const move = (propertyId: number): QueuedWrite => ({
  kind: 'stage',
  propertyId,
  body: { stage: 'offer_made', discard_reason: null, updated_at: '2026-11-27T10:00:00.000Z' },
});
const queue = (userId: number, write: QueuedWrite, key: string) =>
  addQueueItem(userId, write, { label: `item ${key}`, key });

beforeEach(async () => {
  await clearOfflineQueue();
  send.mockReset();
});
afterEach(() => stopOfflineRetries());

describe('flushOfflineQueue', () => {
  it("sends the member's items in the order queued, each with its key, and marks them synced", async () => {
    await queue(1, move(10), 'a');
    await queue(2, move(11), 'other-member');
    await queue(1, move(12), 'b');
    send.mockResolvedValue(undefined);

    await flushOfflineQueue(1);

    expect(send.mock.calls.map(([item]) => item.key)).toEqual(['a', 'b']);
    expect((await listQueueItems(1)).map((item) => item.state)).toEqual(['synced', 'synced']);
    expect((await listQueueItems(2)).map((item) => item.state)).toEqual(['pending']);
  });

  it('keeps a refused write (409, 400) with its reason and goes on with the next', async () => {
    await queue(1, move(10), 'a');
    await queue(1, move(12), 'b');
    send
      .mockRejectedValueOnce(new ApiError(409, 'Changed meanwhile', { code: 'CONFLICT' }))
      .mockResolvedValueOnce(undefined);

    await flushOfflineQueue(1);

    const [first, second] = await listQueueItems(1);
    expect(first).toMatchObject({ key: 'a', state: 'error' });
    expect(first?.error).toBeTruthy();
    expect(second).toMatchObject({ key: 'b', state: 'synced' });
  });

  it('stops at a write with no answer, keeping it and the rest pending with their keys', async () => {
    await queue(1, move(10), 'a');
    await queue(1, move(12), 'b');
    send.mockRejectedValueOnce(new ApiError(0, 'unreachable'));

    await flushOfflineQueue(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect((await listQueueItems(1)).map((item) => [item.key, item.state])).toEqual([
      ['a', 'pending'],
      ['b', 'pending'],
    ]);

    // The next run (the retry, the online event) sends the same item with the same key.
    send.mockResolvedValue(undefined);
    await flushOfflineQueue(1);
    expect(send.mock.calls.map(([item]) => item.key)).toEqual(['a', 'a', 'b']);
    expect((await listQueueItems(1)).every((item) => item.state === 'synced')).toBe(true);
  });

  it('waits for sign-in when the session ran out', async () => {
    await queue(1, move(10), 'a');
    await queue(1, move(12), 'b');
    send.mockRejectedValueOnce(new ApiError(401, 'no token', { code: 'UNAUTHENTICATED' }));
    await flushOfflineQueue(1);
    expect(send).toHaveBeenCalledTimes(1);
    expect((await listQueueItems(1)).map((item) => item.state)).toEqual(['pending', 'pending']);
  });

  it('sends nothing while the browser is offline', async () => {
    await queue(1, move(10), 'a');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await flushOfflineQueue(1);
    vi.restoreAllMocks();
    expect(send).not.toHaveBeenCalled();
  });
});

describe('outcomeOf', () => {
  it('tries again on no answer, 408, 429, 5xx and a key still running; waits on 401', () => {
    expect(outcomeOf(new ApiError(0, 'x'))).toBe('retry-later');
    expect(outcomeOf(new ApiError(503, 'x'))).toBe('retry-later');
    expect(outcomeOf(new ApiError(429, 'x'))).toBe('retry-later');
    expect(outcomeOf(new ApiError(409, 'x', { code: 'IDEMPOTENCY_IN_PROGRESS' }))).toBe(
      'retry-later',
    );
    expect(outcomeOf(new ApiError(401, 'x'))).toBe('sign-in');
    expect(outcomeOf(new ApiError(409, 'x', { code: 'CONFLICT' }))).toBe('refused');
    expect(outcomeOf(new ApiError(400, 'x', { code: 'VALIDATION_FAILED' }))).toBe('refused');
  });
});

describe('clearOfflineQueue', () => {
  it("forgets one member's items, or everyone's", async () => {
    await queue(1, move(10), 'a');
    await queue(2, move(11), 'b');
    await clearOfflineQueue(1);
    expect(await listQueueItems(1)).toEqual([]);
    expect(await listQueueItems(2)).toHaveLength(1);
    await clearOfflineQueue();
    expect(await listQueueItems(2)).toEqual([]);
  });
});
