import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error';
import {
  forgetSavedQueries,
  getSavedAt,
  SAVED_MAX_AGE_MS,
  startSaving,
  stopSaving,
} from './saved-queries';
import { mapStore } from './testing/map-store';

type Saved = { savedAt: number; queries: { queryKey: unknown[] }[] };

const detail = (id: number) => ({ id, name: `Casa ${id}` });

/** Fetches a few queries, saved or not, into `client`. */
async function fetchSome(client: QueryClient) {
  await client.fetchQuery({ queryKey: ['properties', 'detail', 1], queryFn: () => detail(1) });
  await client.fetchQuery({ queryKey: ['visits', 'upcoming'], queryFn: () => ({ visits: [] }) });
  // Neither a list page nor the admin's screens are part of the working set.
  await client.fetchQuery({ queryKey: ['properties', 'list', {}], queryFn: () => ({ props: [] }) });
  await client.fetchQuery({ queryKey: ['users', 'list'], queryFn: () => [] });
}

afterEach(() => {
  stopSaving();
  vi.useRealTimers();
});

describe('saving the working set', () => {
  it("saves the working set's queries under the member's own key, a second after they load", async () => {
    vi.useFakeTimers();
    const store = mapStore();
    const client = new QueryClient();
    await startSaving(client, 'ana', store);
    await fetchSome(client);
    expect(store.map.size).toBe(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect([...store.map.keys()]).toEqual(['queries:ana']);
    const saved = store.map.get('queries:ana') as Saved;
    expect(saved.queries.map((query) => query.queryKey)).toEqual([
      ['properties', 'detail', 1],
      ['visits', 'upcoming'],
    ]);
    expect(saved.savedAt).toBe(client.getQueryState(['visits', 'upcoming'])?.dataUpdatedAt);
    expect(getSavedAt()).toBe(saved.savedAt);
  });

  it("puts the member's saved data back, and never another member's", async () => {
    vi.useFakeTimers();
    const store = mapStore();
    const first = new QueryClient();
    await startSaving(first, 'ana', store);
    await fetchSome(first);
    await vi.advanceTimersByTimeAsync(1000);
    stopSaving();

    const other = new QueryClient();
    await startSaving(other, 'bea', store);
    expect(other.getQueryData(['properties', 'detail', 1])).toBeUndefined();
    expect(getSavedAt()).toBeNull();

    const again = new QueryClient();
    await startSaving(again, 'ana', store);
    expect(again.getQueryData(['properties', 'detail', 1])).toEqual(detail(1));
  });

  it('leaves data older than a week where it is', async () => {
    vi.useFakeTimers();
    const store = mapStore();
    const first = new QueryClient();
    await startSaving(first, 'ana', store);
    await fetchSome(first);
    await vi.advanceTimersByTimeAsync(1000);
    const { savedAt } = store.map.get('queries:ana') as Saved;
    const later = new QueryClient();
    await startSaving(later, 'ana', store, savedAt + SAVED_MAX_AGE_MS + 1);
    expect(later.getQueryData(['properties', 'detail', 1])).toBeUndefined();
  });

  it('forgets the member and writes nothing after', async () => {
    vi.useFakeTimers();
    const store = mapStore();
    const client = new QueryClient();
    await startSaving(client, 'ana', store);
    await fetchSome(client);
    await vi.advanceTimersByTimeAsync(1000);
    await client.fetchQuery({ queryKey: ['properties', 'detail', 2], queryFn: () => detail(2) });
    await forgetSavedQueries('ana', store);
    await vi.advanceTimersByTimeAsync(5000);
    expect(store.map.size).toBe(0);
    expect(getSavedAt()).toBeNull();
  });

  it("forgetting the member before leaves the next member's saving alone", async () => {
    vi.useFakeTimers();
    const store = mapStore();
    const client = new QueryClient();
    await startSaving(client, 'bea', store);
    await forgetSavedQueries('ana', store);
    await fetchSome(client);
    await vi.advanceTimersByTimeAsync(1000);
    expect([...store.map.keys()]).toEqual(['queries:bea']);
  });

  it('drops a saved property the server no longer has, from the cache and from what is saved', async () => {
    vi.useFakeTimers();
    const store = mapStore();
    const first = new QueryClient();
    await startSaving(first, 'ana', store);
    await fetchSome(first);
    await vi.advanceTimersByTimeAsync(1000);
    stopSaving();

    // The app opens again: the saved page is back, then its refetch answers 404 (deleted).
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await startSaving(client, 'ana', store);
    const key = ['properties', 'detail', 1];
    expect(client.getQueryData(key)).toEqual(detail(1));
    await client
      .fetchQuery({
        queryKey: key,
        queryFn: () => Promise.reject(new ApiError(404, 'Property not found')),
        staleTime: 0,
      })
      .catch(() => undefined);
    expect(client.getQueryData(key)).toBeUndefined();
    await client.fetchQuery({ queryKey: ['uf'], queryFn: () => ({ value: 1 }) });
    await vi.advanceTimersByTimeAsync(1000);
    const saved = store.map.get('queries:ana') as Saved;
    expect(saved.queries.map((query) => query.queryKey)).not.toContainEqual(key);
  });

  it('does not put back a saved property that already answered 404 when the copy is read', async () => {
    vi.useFakeTimers();
    const store = mapStore();
    const first = new QueryClient();
    await startSaving(first, 'ana', store);
    await fetchSome(first);
    await vi.advanceTimersByTimeAsync(1000);
    stopSaving();

    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = ['properties', 'detail', 1];
    await client
      .fetchQuery({ queryKey: key, queryFn: () => Promise.reject(new ApiError(404, 'Gone')) })
      .catch(() => undefined);
    await startSaving(client, 'ana', store);
    expect(client.getQueryData(key)).toBeUndefined();
    expect(client.getQueryData(['visits', 'upcoming'])).toEqual({ visits: [] });
  });

  it("saves a property page's sections under their own keys, and not the Data section's figures", async () => {
    vi.useFakeTimers();
    const store = mapStore();
    const client = new QueryClient();
    await startSaving(client, 'ana', store);
    const sections = [
      ['properties', 'history', 1],
      ['properties', 'market', 'comparables', 1],
      ['visits', 'property', 1],
      ['visits', 'visitors'],
    ];
    for (const queryKey of sections) await client.fetchQuery({ queryKey, queryFn: () => ({}) });
    await client.fetchQuery({
      queryKey: ['properties', 'market', 'stats', { filterQuery: '', group: 'comuna' }],
      queryFn: () => ({}),
    });
    await vi.advanceTimersByTimeAsync(1000);
    const saved = store.map.get('queries:ana') as Saved;
    expect(saved.queries.map((query) => query.queryKey)).toEqual(sections);
  });

  it('leaves out of what is saved a query removed from the cache (a property the member deleted)', async () => {
    vi.useFakeTimers();
    const store = mapStore();
    const client = new QueryClient();
    await startSaving(client, 'ana', store);
    await fetchSome(client);
    await client.fetchQuery({ queryKey: ['properties', 'detail', 2], queryFn: () => detail(2) });
    await vi.advanceTimersByTimeAsync(1000);
    const key = ['properties', 'detail', 1];
    expect((store.map.get('queries:ana') as Saved).queries.map((q) => q.queryKey)).toContainEqual(
      key,
    );

    // At once, not a second later: the app may be closed right after the delete.
    client.removeQueries({ queryKey: key, exact: true });
    await vi.advanceTimersByTimeAsync(0);
    const keys = (store.map.get('queries:ana') as Saved).queries.map((q) => q.queryKey);
    expect(keys).not.toContainEqual(key);
    expect(keys).toContainEqual(['properties', 'detail', 2]);

    // With nothing saved left, there is no saved copy (and no time it is from) any more.
    client.removeQueries({ queryKey: ['properties'] });
    client.removeQueries({ queryKey: ['visits'] });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.map.has('queries:ana')).toBe(false);
    expect(getSavedAt()).toBeNull();
  });
});
