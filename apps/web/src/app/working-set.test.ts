import type { PropertyList, UpcomingVisits } from '@bec/contracts';
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openedProperties, rememberOpened } from '@/features/offline/opened-properties';
import { mapStore } from '@/features/offline/testing/map-store';
import { setAccessTokenSource } from '@/lib/access-token';
import { lasCondesHouse, propertyCard } from '@/testing/property-fixtures';
import { createTestQueryClient } from '@/testing/render';
import { okReply, stubApi } from '@/testing/stub-api';

const store = mapStore();
vi.mock('@/features/offline/saved-store', async (original) => ({
  ...(await original<typeof import('@/features/offline/saved-store')>()),
  savedStore: () => store,
}));

const { dropDeletedProperty, saveWorkingSet } = await import('@/app/working-set');

/** Images "load" at once and say which photos were asked for. */
const photosLoaded: string[] = [];
class LoadingImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(url: string) {
    photosLoaded.push(url);
    queueMicrotask(() => this.onload?.());
  }
}

const toVisit: PropertyList = {
  props: [propertyCard(7, { photo_url: '/photos/k7/card?sig=1' })],
  next_cursor: null,
  total: 1,
  total_kind: 'exact',
  uf: null,
};
const upcoming: UpcomingVisits = {
  visits: [
    {
      id: 1,
      property_id: 9,
      visited_at: '2026-12-01T14:00:00.000Z',
      visitor: { id: 1, name: 'Ana' },
      notes: null,
      rating: null,
      created_by_name: 'Ana',
      updated_at: '2026-11-27T14:00:00.000Z',
      property_name: 'Depto 9',
      address: 'Calle 9',
      city_name: 'Ñuñoa',
    },
  ],
};
const detail = (id: number) => ({
  ...lasCondesHouse,
  id,
  photo_urls: [
    {
      id: id * 10,
      url: `/photos/k${id}/gallery?sig=1`,
      thumbnail_url: `/photos/k${id}/card?sig=1`,
      original_url: `/photos/k${id}/original?sig=1`,
      width: 800,
      height: 600,
    },
  ],
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
  store.map.clear();
  photosLoaded.length = 0;
});

const REFERENCES = {
  'GET /api/regions': okReply([
    { id: 13, code: '13', name: 'Metropolitana de Santiago', roman: 'XIII', comunas: [] },
  ]),
  'GET /api/property-types': okReply([{ id: 2, name: 'Departamento' }]),
  'GET /api/visits/visitors': okReply({
    items: [
      { id: 1, name: 'Ana Admin' },
      { id: 2, name: 'Elena Editora' },
    ],
  }),
};

describe('saveWorkingSet', () => {
  it('fetches "Por visitar", the upcoming visits and the pages of those and the opened properties, with their covers', async () => {
    vi.stubGlobal('Image', LoadingImage);
    await rememberOpened('ana', 5);
    const api = stubApi({
      ...REFERENCES,
      'GET /api/properties': okReply(toVisit),
      'GET /api/visits/upcoming': okReply(upcoming),
      'GET /api/properties/5': okReply(detail(5)),
      'GET /api/properties/7': okReply(detail(7)),
      'GET /api/properties/9': okReply(detail(9)),
    });
    const client = createTestQueryClient();

    await saveWorkingSet(client, 'ana', new AbortController().signal, 0);

    const column = api.requests.find((request) => request.path === '/api/properties');
    expect(column?.search.get('stage')).toBe('to_visit');
    // The opened ones first, then the column's, then the visits'.
    expect(
      api.requests.map((request) => request.path).filter((path) => /\/\d+$/.test(path)),
    ).toEqual(['/api/properties/5', '/api/properties/7', '/api/properties/9']);
    for (const id of [5, 7, 9]) {
      expect(client.getQueryData(['properties', 'detail', id])).toMatchObject({ id });
    }
    // What a quick add offline chooses from (ADR 048).
    expect(client.getQueryData(['reference', 'regions'])).toHaveLength(1);
    expect(client.getQueryData(['reference', 'property-types'])).toHaveLength(1);
    // Whom a visit logged offline can name (ADR 060).
    expect(client.getQueryData(['visits', 'visitors'])).toEqual({
      items: [
        { id: 1, name: 'Ana Admin' },
        { id: 2, name: 'Elena Editora' },
      ],
    });
    expect(photosLoaded).toEqual([
      '/photos/k7/card?sig=1',
      '/photos/k5/card?sig=1',
      '/photos/k9/card?sig=1',
    ]);
  });

  it('stops when the app no longer wants it (signed out, gone offline)', async () => {
    vi.stubGlobal('Image', LoadingImage);
    await rememberOpened('ana', 5);
    const api = stubApi({
      ...REFERENCES,
      'GET /api/properties': okReply(toVisit),
      'GET /api/visits/upcoming': okReply(upcoming),
    });
    const controller = new AbortController();
    controller.abort();
    await saveWorkingSet(createTestQueryClient(), 'ana', controller.signal, 0);
    expect(api.requests.filter((request) => /\/\d+$/.test(request.path))).toEqual([]);
  });

  it("drops a property its member deleted: its page once gone from screen, its sections, its place in the opened list, and the next run's request", async () => {
    vi.stubGlobal('Image', LoadingImage);
    await rememberOpened('ana', 5);
    await rememberOpened('ana', 6);
    const client = createTestQueryClient();
    const ofFive = [
      ['properties', 'detail', 5],
      ['properties', 'history', 5],
      ['properties', 'market', 'comparables', 5],
      ['visits', 'property', 5],
    ];
    for (const key of ofFive) client.setQueryData(key, { id: 5 });
    // Fetched long ago: the next run asks for it again.
    client.setQueryData(['properties', 'detail', 6], detail(6), { updatedAt: 1 });
    client.setQueryData(['pipeline', 'column', 'to_visit', ''], { pages: [toVisit] });
    // The deleted property's page is still on screen until the next route renders.
    const page = new QueryObserver(client, { queryKey: ['properties', 'detail', 5] });
    const unsubscribe = page.subscribe(() => {});

    await dropDeletedProperty(client, 'ana', 5);
    expect(client.getQueryData(['properties', 'detail', 5])).toEqual({ id: 5 });
    for (const key of ofFive.slice(1)) expect(client.getQueryData(key)).toBeUndefined();
    expect(await openedProperties('ana', store)).toEqual([6]);
    expect(client.getQueryState(['pipeline', 'column', 'to_visit', ''])?.isInvalidated).toBe(true);

    unsubscribe();
    expect(client.getQueryData(['properties', 'detail', 5])).toBeUndefined();
    expect(client.getQueryData(['properties', 'detail', 6])).toEqual(detail(6));

    // A run of the working set with the property still in a list never asks for it.
    const api = stubApi({
      ...REFERENCES,
      'GET /api/properties': okReply({ ...toVisit, props: [propertyCard(5)] }),
      'GET /api/visits/upcoming': okReply({ visits: [] }),
      'GET /api/properties/6': okReply(detail(6)),
    });
    await saveWorkingSet(client, 'ana', new AbortController().signal, 0);
    expect(api.requests.map((request) => request.path)).not.toContain('/api/properties/5');
    expect(api.requests.map((request) => request.path)).toContain('/api/properties/6');
  });
});
