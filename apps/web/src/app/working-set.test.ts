import type { PropertyList, UpcomingVisits } from '@bec/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberOpened } from '@/features/offline/opened-properties';
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

const { saveWorkingSet } = await import('@/app/working-set');

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
});
