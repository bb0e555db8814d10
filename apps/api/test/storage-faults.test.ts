import { smallPng } from '@bec/testkit/photo-fixtures';
import { type LocalS3, startS3rver } from '@bec/testkit/s3rver';
import { afterAll, describe, expect, it } from 'vitest';
import { setupApp, validProperty } from './helpers.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

/**
 * The photo store failing under saves (ADR 024), on both databases: s3rver behind a TCP proxy
 * that stalls (accepts and never answers) or refuses. A save with a photo answers 503
 * STORAGE_UNAVAILABLE once S3_TIMEOUT is spent, and while it waits other members keep being
 * answered: the photo is read before the save's transaction, so PGlite's one connection, or a
 * PostgreSQL pool connection, is never held waiting on storage. Readiness and /metrics report it.
 */
const TOKEN = 'storage-faults-metrics-token-0123456789abcdef';

let s3: LocalS3 | undefined;
let proxy: TcpProxy | undefined;
const t = setupApp({
  env: async () => {
    s3 = await startS3rver(['bec-photos']);
    proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(s3.endpoint).port) });
    return {
      STORAGE: 's3',
      S3_BUCKET: 'bec-photos',
      S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
      // Long enough for the requests below to be answered while a save waits on the store.
      S3_TIMEOUT: '5',
      S3_MAX_ATTEMPTS: '2',
      METRICS_TOKEN: TOKEN,
    };
  },
});
afterAll(async () => {
  await proxy?.close();
  await s3?.close();
});

const store = () => {
  if (!proxy) throw new Error('no proxy');
  return proxy;
};

/** Signs an upload and PUTs a PNG to it through the proxy, as a browser would. */
async function uploadPng(name: string) {
  const png = await smallPng();
  const signed = await t.inject('editor', {
    method: 'POST',
    url: '/api/photos/upload_url',
    payload: [{ name, content_type: 'image/png', size: png.length }],
  });
  const [entry] = signed.json().data as { url: string; path: string }[];
  if (!entry) throw new Error('no upload URL was issued');
  const put = await fetch(entry.url, {
    method: 'PUT',
    body: new Uint8Array(png),
    headers: { 'content-type': 'image/png', 'if-none-match': '*' },
  });
  expect(put.status).toBe(200);
  return entry.path;
}

const add = (photos: string[]) =>
  t.inject('editor', {
    method: 'POST',
    url: '/api/properties/add',
    payload: validProperty({ photos }),
  });

const total = async () => {
  const list = await t.inject('viewer', { method: 'GET', url: '/api/properties' });
  expect(list.statusCode).toBe(200);
  return list.json().data.total as number;
};

/** One sample of /metrics: its name and every label given must match. */
async function metric(name: string, labels: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const found = response.body
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .filter((line) => Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`)));
  expect(found, `${name} ${JSON.stringify(labels)}`).toHaveLength(1);
  return Number(found[0]?.split(' ').pop());
}

const readiness = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/readyz' });
  expect(response.statusCode).toBe(200);
  return response.json().data;
};

const UNAVAILABLE = {
  status: 'error',
  message: 'Photo storage is unavailable right now; try again in a moment.',
  data: null,
  error: { code: 'STORAGE_UNAVAILABLE' },
};

describe('photo storage faults', () => {
  it('answers 503 STORAGE_UNAVAILABLE to a save while the store stalls, and serves others meanwhile', async () => {
    const photo = await uploadPng('frente.png');
    const before = await total();

    store().setMode('stall');
    const reached = store().nextTraffic();
    let settled = false;
    const saving = add([photo]).finally(() => {
      settled = true;
    });
    // The save's first storage call is on its way and gets no answer.
    await reached;
    // Another member's list answers, again and again, while the save waits on the store.
    for (let i = 0; i < 5; i++) await total();
    // No database connection waits with it (PGlite's one, or one of the PostgreSQL pool).
    expect(await metric('bec_db_pool_connections_in_use')).toBe(0);
    expect(settled).toBe(false);

    const saved = await saving;
    expect(saved.statusCode).toBe(503);
    expect(saved.json()).toEqual(UNAVAILABLE);
    expect(await total()).toBe(before);

    // The store answers again: the same upload, never attached, is saved.
    store().setMode('forward');
    const again = await add([photo]);
    expect(again.statusCode, again.body).toBe(201);
    expect(await total()).toBe(before + 1);
  });

  it('tells a refused store from a database outage: 503 STORAGE_UNAVAILABLE, readiness degraded, counted', async () => {
    const photo = await uploadPng('patio.png');
    const added = await add([await uploadPng('living.png')]);
    expect(added.statusCode, added.body).toBe(201);
    const detail = await t.inject('viewer', {
      method: 'GET',
      url: `/api/properties/${added.json().data.id}`,
    });
    const cardLink = detail.json().data.photo_url as string;
    expect(await readiness()).toEqual({
      status: 'ok',
      checks: { database: 'ok', storage: 'ok' },
    });
    const failedBefore = await metric('bec_storage_operations_total', {
      operation: 'stat',
      outcome: 'unavailable',
    });

    store().setMode('refuse');
    store().dropAll();
    try {
      const saved = await add([photo]);
      expect(saved.statusCode).toBe(503);
      expect(saved.json()).toEqual(UNAVAILABLE);
      // A photo link too: its copy cannot be had from the store.
      const card = await t.app.inject({ method: 'GET', url: cardLink });
      expect(card.statusCode).toBe(503);
      expect(card.json()).toEqual(UNAVAILABLE);
      // Still ready (every process shares the bucket), but says what is wrong.
      expect(await readiness()).toEqual({
        status: 'degraded',
        checks: { database: 'ok', storage: 'unavailable' },
      });
      expect(
        await metric('bec_storage_operations_total', { operation: 'stat', outcome: 'unavailable' }),
      ).toBe(failedBefore + 2);
      // Lists and details need no store: they keep answering.
      expect(await total()).toBeGreaterThan(0);
    } finally {
      store().setMode('forward');
    }

    const saved = await add([photo]);
    expect(saved.statusCode, saved.body).toBe(201);
    expect(await readiness()).toEqual({ status: 'ok', checks: { database: 'ok', storage: 'ok' } });
    expect(
      await metric('bec_storage_operations_total', { operation: 'stat', outcome: 'success' }),
    ).toBeGreaterThan(0);
  });

  it('collects unattached uploads without holding a connection while the store stalls, and keeps one whose file could not go', async () => {
    const left = await uploadPng('olvidada.png');
    const dayLater = new Date(Date.now() + 25 * 3600_000);

    store().setMode('stall');
    const reached = store().nextTraffic();
    const collecting = t.app.collectUnattachedPhotos(dayLater);
    await reached;
    // The store holds the removal; the taken rows' statement answered already.
    expect(await metric('bec_db_pool_connections_in_use')).toBe(0);
    expect(await total()).toBeGreaterThan(0);
    await expect(collecting).rejects.toThrow();
    store().setMode('forward');

    // Put back: the next collection takes it and its file goes.
    const collected = await t.app.collectUnattachedPhotos(dayLater);
    expect(collected).toBeGreaterThanOrEqual(1);
    expect(await t.app.collectUnattachedPhotos(dayLater)).toBe(0);
    const late = await add([left]);
    expect(late.statusCode).toBe(400);
  });
});
