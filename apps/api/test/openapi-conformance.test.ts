import { smallPng } from '@bec/testkit/photo-fixtures';
import { Validator } from '@seriousme/openapi-schema-validator';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { OpenAPIBackend, type Operation } from 'openapi-backend';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, validProperty } from './helpers.js';

/**
 * The OpenAPI document (`app.swagger()`, served at /docs/json) holds the server to its word: a
 * realistic session of every kind of caller goes through a checker that matches each request to
 * its documented operation (openapi-backend's router) and fails on any status the operation does
 * not document, any media type it does not document for that status, and any JSON body its schema
 * refuses (openapi-backend's Ajv validators). Every documented operation must be called at least
 * once. Signed photo URLs (/storage, /photos) are outside the document by design (ADR 025).
 */

const t = setupApp();

type Who = Parameters<typeof t.inject>[0];
type Call = InjectOptions & { method: string; url: string };

/** Requests the document leaves out on purpose: signed upload and photo URLs (S3's stand-ins). */
const OUTSIDE_THE_DOCUMENT = /^\/(storage|photos)\//;

let document: OpenAPIV3.Document;
let api: OpenAPIBackend<OpenAPIV3.Document>;
const problems: string[] = [];
/** "METHOD /path/{template}" → the statuses it answered in this session. */
const seen = new Map<string, Set<number>>();
const outside: string[] = [];

const operationKey = (operation: { method: string; path: string }) =>
  `${operation.method.toUpperCase()} ${operation.path}`;

/** What was wrong with an answer, by the document; null when it conforms. */
function nonconformance(request: Call, response: LightMyRequestResponse): string | null {
  const url = new URL(request.url, 'http://bec.test');
  const label = `${request.method} ${url.pathname}${url.search} → ${response.statusCode}`;
  if (response.statusCode >= 500) return `${label}: ${response.body.slice(0, 300)}`;
  const operation = api.router.matchOperation({
    method: request.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: {},
  }) as Operation<OpenAPIV3.Document> | undefined;
  if (!operation) {
    if (OUTSIDE_THE_DOCUMENT.test(url.pathname)) {
      outside.push(label);
      return null;
    }
    return `${label}: no such operation in the document`;
  }
  const key = operationKey(operation);
  seen.set(key, (seen.get(key) ?? new Set()).add(response.statusCode));
  const documented = operation.responses?.[String(response.statusCode)] as
    | OpenAPIV3.ResponseObject
    | undefined;
  if (!documented) return `${label}: ${key} does not document ${response.statusCode}`;
  const media = String(response.headers['content-type'] ?? '').split(';')[0] ?? '';
  if (!documented.content?.[media])
    return `${label}: answered ${media || 'no body'}, documented ${Object.keys(documented.content ?? {}).join(', ') || 'none'}`;
  if (media !== 'application/json') return null;
  const result = api.validator.validateResponse(response.json(), operation, response.statusCode);
  return result.valid
    ? null
    : `${label}: body does not match the document: ${JSON.stringify(result.errors?.slice(0, 3))} ${response.body.slice(0, 300)}`;
}

/** Sends a request as `who` (a role, a token, or null for none) and checks the answer. */
async function call(who: Who, request: Call) {
  const response = await t.inject(who, request);
  const problem = nonconformance(request, response);
  if (problem) problems.push(problem);
  return response;
}

/** Sends a request and expects its status (and that it conforms: checked per test). */
async function expectStatus(who: Who, request: Call, status: number) {
  const response = await call(who, request);
  expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(status);
  return response;
}

const expectConformant = () => expect(problems.splice(0)).toEqual([]);

/** Every documented operation, with its path's parameters filled in by `fill`. */
const operations = (fill: (name: string) => string) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    (['get', 'put', 'post', 'patch', 'delete'] as const)
      .filter((method) => item?.[method])
      .map((method) => ({
        method: method.toUpperCase(),
        path,
        url: path.replace(/\{(\w+)\}/g, (_, name: string) => fill(name)),
        operation: item?.[method] as OpenAPIV3.OperationObject,
      })),
  );

const WAITLISTED = { sub: 'sub-wanda', email: 'wanda@bec.test', name: 'Wanda Espera' };

beforeAll(async () => {
  await t.app.ready();
  document = t.app.swagger() as OpenAPIV3.Document;
  // The checker addresses operations by id: the document has none, so each gets its method and path.
  const definition = structuredClone(document);
  for (const [path, item] of Object.entries(definition.paths))
    for (const method of ['get', 'put', 'post', 'patch', 'delete'] as const) {
      const operation = item?.[method];
      if (operation) operation.operationId = `${method.toUpperCase()} ${path}`;
    }
  // Trailing slashes matter: the server answers exactly the documented paths.
  api = new OpenAPIBackend({ definition, ignoreTrailingSlashes: false, quick: true });
  await api.init();
});

afterAll(() => {
  if (!document) return;
  const lines = operations(() => '').map(({ method, path }) => {
    const statuses = [...(seen.get(`${method} ${path}`) ?? [])].sort();
    return `  ${`${method} ${path}`.padEnd(44)} ${statuses.join(' ') || '(never called)'}`;
  });
  // biome-ignore lint/suspicious/noConsole: the coverage is meant to be read in the test output
  console.log(
    `OpenAPI conformance: ${seen.size} of ${lines.length} operations called, ${outside.length} signed-URL requests outside the document\n${lines.join('\n')}`,
  );
});

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3 document', async () => {
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\./);
  });

  it('names every path without a trailing slash, and the server answers exactly those', async () => {
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => path.endsWith('/'))).toEqual([]);
    for (const path of [
      '/api/properties',
      '/api/brokers',
      '/api/users',
      '/api/waitlist',
      '/api/uf',
    ]) {
      expect((await t.inject('admin', { method: 'GET', url: path })).statusCode).toBe(200);
      // With a slash it is no list: nothing, or `/{id}` with an empty id.
      const slashed = await t.inject('admin', { method: 'GET', url: `${path}/` });
      if (slashed.statusCode === 400)
        expect(Object.keys(slashed.json().error.fieldErrors)).toEqual(['id']);
      else expect(slashed.statusCode).toBe(404);
    }
  });

  it('marks exactly the public routes as needing no token', async () => {
    const publicOnes = operations(() => '1')
      .filter(({ operation }) => operation.security?.length === 0)
      .map(({ method, path }) => `${method} ${path}`);
    expect(publicOnes.sort()).toEqual([
      'GET /api/config',
      'GET /api/saved-searches/unsubscribe',
      'GET /healthz',
      'GET /readyz',
      'POST /api/saved-searches/unsubscribe',
    ]);
  });

  // The session cannot meet the rate limit (ADR 028): its 429 is checked here.
  it('documents the rate limit’s 429 on every operation but the probes', () => {
    const without429 = operations(() => '1')
      .filter(({ operation }) => !operation.responses['429'])
      .map(({ method, path }) => `${method} ${path}`);
    expect(without429).toEqual(['GET /healthz', 'GET /readyz']);
  });
});

describe('a realistic session answers only what the document describes', () => {
  let brokerId = 0;
  let propertyId = 0;
  let visitId = 0;

  it('anyone: health, readiness, configuration; every other operation wants a token', async () => {
    for (const { method, url, operation } of operations((name) =>
      name === 'date' ? '2025-11-24' : '1',
    )) {
      const isPublic = operation.security?.length === 0;
      // The alert mails' unsubscribe link (ADR 054) is public, its token the credential: none → 400.
      const needsToken = url.startsWith('/api/saved-searches/unsubscribe');
      await expectStatus(
        null,
        { method, url, payload: method === 'GET' ? undefined : {} },
        needsToken ? 400 : isPublic ? 200 : 401,
      );
    }
    expectConformant();
  });

  it('a waitlisted account: joins the waitlist and is refused everywhere else', async () => {
    const token = await t.tokenFor(WAITLISTED);
    await expectStatus(token, { method: 'GET', url: '/api/users/me' }, 403);
    for (const url of ['/api/properties', '/api/regions', '/api/brokers', '/api/uf'])
      expect((await expectStatus(token, { method: 'GET', url }, 403)).json().error.code).toBe(
        'WAITLISTED',
      );
    expectConformant();
  });

  it('an editor: brokers, photos through the local upload flow, properties, visits, stages', async () => {
    await expectStatus('editor', { method: 'GET', url: '/api/users/me' }, 200);
    await expectStatus('editor', { method: 'GET', url: '/api/regions' }, 200);
    await expectStatus('editor', { method: 'GET', url: '/api/property-types' }, 200);
    const broker = await expectStatus(
      'editor',
      {
        method: 'POST',
        url: '/api/brokers',
        payload: { name: 'Patricia Soto', phone: '9 8123 4567', email: 'psoto@bec.test' },
      },
      201,
    );
    brokerId = broker.json().data.id;
    const brokerStamp = broker.json().data.updated_at as string;
    await expectStatus('editor', { method: 'GET', url: '/api/brokers' }, 200);
    await expectStatus('editor', { method: 'GET', url: '/api/brokers/list?q=soto' }, 200);
    await expectStatus('editor', { method: 'GET', url: `/api/brokers/${brokerId}` }, 200);
    await expectStatus(
      'editor',
      {
        method: 'PUT',
        url: `/api/brokers/${brokerId}`,
        payload: { name: 'Patricia Soto', company: 'Soto Propiedades', updated_at: brokerStamp },
      },
      200,
    );
    // The stamp it was loaded with is stale now: someone saved in between.
    await expectStatus(
      'editor',
      {
        method: 'PUT',
        url: `/api/brokers/${brokerId}`,
        payload: { name: 'P. Soto', updated_at: brokerStamp },
      },
      409,
    );

    const png = await smallPng();
    const signed = await expectStatus(
      'editor',
      {
        method: 'POST',
        url: '/api/photos/upload_url',
        payload: [{ name: 'fachada.png', content_type: 'image/png', size: png.length }],
      },
      200,
    );
    const [upload] = signed.json().data as { url: string; path: string }[];
    if (!upload) throw new Error('no upload URL');
    await expectStatus(
      null,
      {
        method: 'PUT',
        url: upload.url,
        headers: { 'content-type': 'image/png', 'content-length': String(png.length) },
        payload: png,
      },
      200,
    );
    const added = await expectStatus(
      'editor',
      {
        method: 'POST',
        url: '/api/properties/add',
        payload: validProperty({ broker_id: brokerId, photos: [upload.path] }),
      },
      201,
    );
    propertyId = added.json().data.id;
    const detail = await expectStatus(
      'editor',
      { method: 'GET', url: `/api/properties/${propertyId}` },
      200,
    );
    const { updated_at: loaded, photo_urls } = detail.json().data;
    await expectStatus(null, { method: 'GET', url: photo_urls[0].thumbnail_url }, 200);
    await expectStatus(
      'editor',
      {
        method: 'POST',
        url: '/api/properties/duplicates',
        payload: { address: 'Irarrázaval 3400, depto 1204', city_id: 13120, property_type_id: 2 },
      },
      200,
    );
    // A listing's text read into a proposal; a link to a refused address named on `url`.
    await expectStatus(
      'editor',
      {
        method: 'POST',
        url: '/api/properties/import',
        payload: { text: 'Depto 3D 2B en Ñuñoa, UF 5.450, GC $120.000' },
      },
      200,
    );
    await expectStatus(
      'editor',
      { method: 'POST', url: '/api/properties/import', payload: { url: 'http://127.0.0.1/' } },
      400,
    );
    // Its photos: one at a refused address is named by its place (a served one: listing-import.test.ts).
    await expectStatus(
      'editor',
      {
        method: 'POST',
        url: '/api/properties/import/photos',
        payload: { urls: ['http://127.0.0.1/foto.jpg'] },
      },
      400,
    );
    // A thumbnail of one, refused the same way (its image answer: listing-import.test.ts).
    await expectStatus(
      'editor',
      {
        method: 'POST',
        url: '/api/properties/import/thumbnail',
        payload: { url: 'http://127.0.0.1/foto.jpg' },
      },
      400,
    );
    const edited = await expectStatus(
      'editor',
      {
        method: 'PUT',
        url: `/api/properties/${propertyId}`,
        payload: validProperty({
          broker_id: brokerId,
          price: 150_000_000,
          photos: [photo_urls[0].id],
          updated_at: loaded,
        }),
      },
      200,
    );
    await expectStatus(
      'editor',
      {
        method: 'PUT',
        url: `/api/properties/${propertyId}`,
        payload: validProperty({ broker_id: brokerId, updated_at: loaded }),
      },
      409,
    );
    const moved = await expectStatus(
      'editor',
      {
        method: 'PATCH',
        url: `/api/properties/${propertyId}/stage`,
        payload: { stage: 'negotiating', updated_at: edited.json().data.updated_at },
      },
      200,
    );
    await expectStatus(
      'editor',
      {
        method: 'PATCH',
        url: `/api/properties/${propertyId}/stage`,
        payload: { stage: 'offer_made', updated_at: loaded },
      },
      409,
    );
    expect(moved.json().data.stage).toBe('negotiating');

    const visit = await expectStatus(
      'editor',
      {
        method: 'POST',
        url: `/api/properties/${propertyId}/visits`,
        payload: {
          visited_at: new Date(Date.now() + 86_400_000).toISOString(),
          visitor_id: t.ids.editor,
          notes: 'Llevar llaves',
        },
      },
      201,
    );
    visitId = visit.json().data.id;
    const visitStamp = visit.json().data.updated_at as string;
    await expectStatus(
      'editor',
      { method: 'GET', url: `/api/properties/${propertyId}/visits` },
      200,
    );
    await expectStatus('editor', { method: 'GET', url: '/api/visits/upcoming' }, 200);
    await expectStatus('editor', { method: 'GET', url: '/api/visits/visitors' }, 200);
    const visitBody = {
      visited_at: new Date(Date.now() - 3_600_000).toISOString(),
      visitor_id: t.ids.editor,
      rating: 4,
    };
    await expectStatus(
      'editor',
      {
        method: 'PUT',
        url: `/api/visits/${visitId}`,
        payload: { ...visitBody, updated_at: visitStamp },
      },
      200,
    );
    await expectStatus(
      'editor',
      {
        method: 'PUT',
        url: `/api/visits/${visitId}`,
        payload: { ...visitBody, updated_at: visitStamp },
      },
      409,
    );
    await expectStatus(
      'editor',
      { method: 'GET', url: `/api/properties/${propertyId}/history` },
      200,
    );
    // The broker is named by a property: archived, not deleted.
    await expectStatus('editor', { method: 'DELETE', url: `/api/brokers/${brokerId}` }, 409);
    await expectStatus(
      'editor',
      { method: 'PATCH', url: `/api/brokers/${brokerId}`, payload: { archived: true } },
      200,
    );
    expectConformant();
  });

  it('a viewer: lists, filters, pages, exports, maps and statistics; refused what editors do', async () => {
    const second = await expectStatus(
      'editor',
      {
        method: 'POST',
        url: '/api/properties/add',
        payload: validProperty({ name: 'Casa en Providencia', city_id: 13123 }),
      },
      201,
    );
    const first = await expectStatus(
      'viewer',
      { method: 'GET', url: '/api/properties?limit=1&sort=newest' },
      200,
    );
    const cursor = first.json().data.next_cursor as string;
    expect(cursor).toBeTruthy();
    await expectStatus(
      'viewer',
      { method: 'GET', url: `/api/properties?limit=1&sort=newest&cursor=${cursor}` },
      200,
    );
    await expectStatus(
      'viewer',
      { method: 'GET', url: `/api/properties?limit=1&sort=price_asc&cursor=${cursor}` },
      400,
    );
    await expectStatus(
      'viewer',
      { method: 'GET', url: '/api/properties?region_id=13&price_unit=UF&price_min=1000' },
      200,
    );
    const csv = await expectStatus(
      'viewer',
      { method: 'GET', url: '/api/properties/export.csv?region_id=13' },
      200,
    );
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    await expectStatus('viewer', { method: 'GET', url: '/api/properties/export.csv?limit=0' }, 400);
    await expectStatus(
      'viewer',
      { method: 'GET', url: '/api/market/map?west=-76&south=-56&east=-66.4&north=-17.5&zoom=5' },
      200,
    );
    await expectStatus('viewer', { method: 'GET', url: '/api/market/stats?group=region' }, 200);
    await expectStatus(
      'viewer',
      { method: 'GET', url: `/api/market/comparables/${propertyId}` },
      200,
    );
    await expectStatus('viewer', { method: 'GET', url: '/api/uf' }, 200);
    await expectStatus('viewer', { method: 'GET', url: `/api/brokers?include=${brokerId}` }, 200);
    await expectStatus('viewer', { method: 'GET', url: '/api/brokers/list?archived=true' }, 200);
    await expectStatus(
      'viewer',
      { method: 'POST', url: '/api/properties/add', payload: validProperty() },
      403,
    );
    await expectStatus(
      'viewer',
      { method: 'POST', url: '/api/properties/import', payload: { text: '3D 2B' } },
      403,
    );
    await expectStatus(
      'viewer',
      { method: 'DELETE', url: `/api/properties/${second.json().data.id}` },
      403,
    );
    await expectStatus('viewer', { method: 'GET', url: '/api/users' }, 403);
    expectConformant();
  });

  it('an admin: members, the waitlist, the audit, UF values; then deletions', async () => {
    const entries = await expectStatus(
      'admin',
      { method: 'GET', url: '/api/waitlist?limit=10' },
      200,
    );
    const entry = (entries.json().data.items as { id: number; email: string }[]).find(
      (e) => e.email === WAITLISTED.email,
    );
    if (!entry) throw new Error('the waitlisted account is not on the waitlist');
    const member = await expectStatus(
      'admin',
      { method: 'POST', url: `/api/waitlist/${entry.id}/approve`, payload: { role: 'viewer' } },
      201,
    );
    await expectStatus(
      'admin',
      { method: 'POST', url: `/api/waitlist/${entry.id}/approve`, payload: { role: 'viewer' } },
      404,
    );
    const memberId = member.json().data.id as number;
    await expectStatus('admin', { method: 'GET', url: '/api/users?limit=2' }, 200);
    await expectStatus(
      'admin',
      { method: 'PATCH', url: `/api/users/${memberId}`, payload: { role: 'editor' } },
      200,
    );
    // The last admin can be neither demoted nor removed.
    await expectStatus(
      'admin',
      { method: 'PATCH', url: `/api/users/${t.ids.admin}`, payload: { role: 'viewer' } },
      409,
    );
    await expectStatus('admin', { method: 'DELETE', url: `/api/users/${memberId}` }, 200);
    await t.inject(await t.tokenFor({ sub: 'sub-ugo', email: 'ugo@bec.test', name: 'Ugo' }), {
      method: 'GET',
      url: '/api/users/me',
    });
    const refused = (await call('admin', { method: 'GET', url: '/api/waitlist' })).json().data
      .items[0];
    await expectStatus('admin', { method: 'DELETE', url: `/api/waitlist/${refused.id}` }, 200);
    const audit = await expectStatus(
      'admin',
      { method: 'GET', url: '/api/audit?limit=1&from=2020-01-01&to=9999-12-31' },
      200,
    );
    await expectStatus(
      'admin',
      { method: 'GET', url: `/api/audit?limit=1&cursor=${audit.json().data.next_cursor}` },
      200,
    );
    await expectStatus('admin', { method: 'GET', url: '/api/audit?from=0000-01-01' }, 400);
    await expectStatus(
      'admin',
      { method: 'PUT', url: '/api/uf/values/2025-11-24', payload: { value: 39_643.59 } },
      200,
    );
    await expectStatus('admin', { method: 'GET', url: '/api/uf/values' }, 200);
    await expectStatus('admin', { method: 'DELETE', url: `/api/visits/${visitId}` }, 200);
    await expectStatus('admin', { method: 'DELETE', url: `/api/properties/${propertyId}` }, 200);
    // Its history stays, for admins.
    await expectStatus(
      'admin',
      { method: 'GET', url: `/api/properties/${propertyId}/history` },
      200,
    );
    await expectStatus(
      'admin',
      { method: 'PATCH', url: `/api/brokers/${brokerId}`, payload: { archived: false } },
      200,
    );
    expectConformant();
  });

  it('members: saved searches, shared and personal, and their alerts (ADR 053)', async () => {
    const filters = { city_id: '13120', price_unit: 'UF', price_max: '90000' };
    const shared = await expectStatus(
      'editor',
      {
        method: 'POST',
        url: '/api/saved-searches',
        payload: { name: 'Ñuñoa', scope: 'shared', filters },
      },
      201,
    );
    const id = shared.json().data.id as number;
    await expectStatus(
      'viewer',
      {
        method: 'POST',
        url: '/api/saved-searches',
        payload: { name: 'Mía', scope: 'shared', filters },
      },
      403,
    );
    await expectStatus(
      'viewer',
      {
        method: 'POST',
        url: '/api/saved-searches',
        payload: { name: 'x', scope: 'personal', filters: { price_max: 'x' } },
      },
      400,
    );
    await expectStatus('viewer', { method: 'GET', url: '/api/saved-searches' }, 200);
    await expectStatus(
      'viewer',
      {
        method: 'PUT',
        url: `/api/saved-searches/${id}/subscription`,
        payload: { subscribed: true },
      },
      200,
    );
    await expectStatus('viewer', { method: 'POST', url: `/api/saved-searches/${id}/opened` }, 200);
    await expectStatus(
      'viewer',
      { method: 'PATCH', url: `/api/saved-searches/${id}`, payload: { name: 'Otro' } },
      403,
    );
    await expectStatus(
      'editor',
      { method: 'PATCH', url: `/api/saved-searches/${id}`, payload: { name: 'Ñuñoa UF' } },
      200,
    );
    await expectStatus(
      'editor',
      { method: 'POST', url: '/api/properties/add', payload: validProperty({ city_id: 13120 }) },
      201,
    );
    await t.app.matchSavedSearches();
    const alerts = await expectStatus('viewer', { method: 'GET', url: '/api/alerts?limit=1' }, 200);
    const alertId = alerts.json().data.items[0].id as number;
    await expectStatus('viewer', { method: 'GET', url: '/api/alerts?cursor=x' }, 400);
    await expectStatus('viewer', { method: 'GET', url: '/api/alerts/unread' }, 200);
    await expectStatus('viewer', { method: 'POST', url: `/api/alerts/${alertId}/read` }, 200);
    await expectStatus('editor', { method: 'POST', url: `/api/alerts/${alertId}/read` }, 404);
    await expectStatus('viewer', { method: 'POST', url: '/api/alerts/read-all' }, 200);
    await expectStatus('editor', { method: 'DELETE', url: `/api/saved-searches/${id}` }, 200);
    expectConformant();
  });

  it('every operation: an unknown id is 404, a malformed one 400', async () => {
    for (const { method, url } of operations((name) => (name === 'date' ? 'hoy' : '0x1')))
      if (url.includes('0x1') || url.includes('hoy'))
        await expectStatus(
          'admin',
          { method, url, payload: method === 'GET' ? undefined : {} },
          400,
        );
    for (const { method, url } of operations(() => '2147483647'))
      if (url.includes('2147483647') && (method === 'GET' || method === 'DELETE'))
        await expectStatus('admin', { method, url }, 404);
    expectConformant();
  });

  it('every operation that reads a body: malformed JSON 400, over 1 MiB 413, not JSON 415', async () => {
    const tooLarge = JSON.stringify({ notes: 'x'.repeat(1024 * 1024) });
    for (const { method, url } of operations((name) => (name === 'date' ? '2025-11-24' : '1'))) {
      if (method === 'GET') continue;
      await expectStatus('admin', { method, url, payload: '{"name": ' }, 400);
      await expectStatus('admin', { method, url, payload: tooLarge }, 413);
      const plain = await expectStatus(
        'admin',
        { method, url, headers: { 'content-type': 'text/plain' }, payload: 'name=Casa' },
        415,
      );
      expect(plain.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expectConformant();
  });

  it('a write with an Idempotency-Key: its replay, 409 in progress, 422 reused, 400 malformed (ADR 043)', async () => {
    const write = (name: string, key: string) => ({
      method: 'POST',
      url: '/api/brokers',
      payload: { name },
      headers: { 'idempotency-key': key },
    });
    await expectStatus('editor', write('Corredor Conforme', 'conformance-1'), 201);
    const replay = await expectStatus('editor', write('Corredor Conforme', 'conformance-1'), 201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    await expectStatus('editor', write('Otro Corredor', 'conformance-1'), 422);
    await t.db.db.execute(
      sql`update idempotency_keys set status = null, claimed_at = now() where key = 'conformance-1'`,
    );
    await expectStatus('editor', write('Corredor Conforme', 'conformance-1'), 409);
    await expectStatus('editor', write('Corredor Conforme', ''), 400);
    expectConformant();
  });

  it('called every documented operation', () => {
    const never = operations(() => '')
      .map(({ method, path }) => `${method} ${path}`)
      .filter((key) => !seen.has(key));
    expect(never).toEqual([]);
  });
});
