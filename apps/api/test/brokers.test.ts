import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { addBroker } from './broker-fixture.js';
import { type Person, setupApp, validProperty } from './helpers.js';

const t = setupApp();

type Broker = {
  id: number;
  name: string;
  company: string | null;
  phone: string | null;
  email: string | null;
  notes: string | null;
  archived_at: string | null;
  updated_at: string;
  property_count?: number;
};

const post = (body: unknown, who: Person = 'editor') =>
  t.inject(who, { method: 'POST', url: '/api/brokers', payload: body as object });
const get = async (id: number) =>
  (await t.inject('viewer', { method: 'GET', url: `/api/brokers/${id}` })).json().data as Broker;
const choices = async (query = '') =>
  (await t.inject('viewer', { method: 'GET', url: `/api/brokers${query}` })).json()
    .data as Broker[];
const list = async (query = '') => {
  const response = await t.inject('viewer', { method: 'GET', url: `/api/brokers/list${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { items: Broker[]; next_cursor: string | null; total: number };
};
const setArchived = (id: number, archived: boolean, who: Person = 'editor') =>
  t.inject(who, { method: 'PATCH', url: `/api/brokers/${id}`, payload: { archived } });
const addProperty = (body: Record<string, unknown>) =>
  t.inject('editor', { method: 'POST', url: '/api/properties/add', payload: validProperty(body) });

describe('a new database', () => {
  it('has no brokers (only the demo data has sample ones)', async () => {
    expect(await choices()).toEqual([]);
    expect(await list()).toEqual({ items: [], next_cursor: null, total: 0 });
  });
});

describe('POST /api/brokers', () => {
  it('adds a broker, storing the phone as E.164 and empty optionals as null', async () => {
    const response = await post({
      name: '  Rocío Díaz ',
      company: '',
      phone: '+56 (9) 8765-4321',
      email: ' rocio@corredora.cl ',
      notes: 'Trabaja Ñuñoa y Providencia',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json().data as Broker;
    expect(created).toMatchObject({
      name: 'Rocío Díaz',
      company: null,
      phone: '+56987654321',
      email: 'rocio@corredora.cl',
      notes: 'Trabaja Ñuñoa y Providencia',
      archived_at: null,
    });
    expect(await get(created.id)).toEqual({ ...created, property_count: 0 });
  });

  it.each([
    ['9 8765 4321', '+56987654321'],
    ['56987654321', '+56987654321'],
    ['22 123 4567', '+56221234567'],
    ['(65) 223.9910', '+56652239910'],
  ])('reads the phone %s as %s', async (phone, stored) => {
    const response = await post({ name: `Teléfono ${phone}`, phone });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.phone).toBe(stored);
  });

  it('answers 400 naming each bad field with its rule, and writes nothing', async () => {
    const before = (await list()).total;
    const response = await post({
      name: '',
      phone: '12345',
      email: 'no-es-un-correo',
      notes: 'x'.repeat(2001),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.issues).toEqual(
      expect.arrayContaining([
        { field: 'name', rule: 'required', params: {} },
        { field: 'phone', rule: 'chilean_phone', params: {} },
        { field: 'email', rule: 'invalid_email', params: {} },
        { field: 'notes', rule: 'too_long', params: { max: 2000 } },
      ]),
    );
    expect(Object.keys(body.error.fieldErrors).sort()).toEqual(['email', 'name', 'notes', 'phone']);
    expect((await list()).total).toBe(before);
  });

  it.each([
    '+56 1 2345 6789', // national numbers start 2–9
    '9 8765 432', // eight digits
    '+54 9 8765 4321', // not Chile
    '9-8765-4321 ext 2',
  ])('refuses the phone %s', async (phone) => {
    const response = await post({ name: 'Malo', phone });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([
      { field: 'phone', rule: 'chilean_phone', params: {} },
    ]);
  });
});

describe('GET /api/brokers/list', () => {
  it('searches name, company, email and phone without accents, pages by name and counts properties', async () => {
    const a = await addBroker(t, {
      name: 'Ñandú Búsqueda',
      company: 'Inmobiliaria Búho',
      phone: null,
    });
    const b = await addBroker(t, {
      name: 'Andrés Búsqueda',
      company: null,
      email: 'andres@busqueda.cl',
      phone: '9 5555 1234',
    });
    const c = await addBroker(t, { name: 'Bárbara Búsqueda', phone: '2 2999 8888' });
    await addProperty({ broker_id: b });
    await addProperty({ broker_id: b });

    const found = await list('?q=busqueda');
    expect(found.total).toBe(3);
    expect(found.items.map((x) => x.id)).toEqual([b, c, a]);
    expect(found.items.map((x) => x.property_count)).toEqual([2, 0, 0]);
    expect((await list('?q=BUHO')).items.map((x) => x.id)).toEqual([a]);
    expect((await list('?q=andres%40busqueda')).items.map((x) => x.id)).toEqual([b]);
    // A phone as people type it: spaces and all.
    expect((await list(`?q=${encodeURIComponent('5555 1234')}`)).items.map((x) => x.id)).toEqual([
      b,
    ]);
    // Every word must match.
    expect((await list('?q=busqueda%20barbara')).items.map((x) => x.id)).toEqual([c]);
    // A LIKE wildcard is just a character.
    expect((await list('?q=%25')).total).toBe(0);

    const first = await list('?q=busqueda&limit=2');
    expect(first.items.map((x) => x.id)).toEqual([b, c]);
    expect(first.total).toBe(3);
    const second = await list(`?q=busqueda&limit=2&cursor=${first.next_cursor}`);
    expect(second.items.map((x) => x.id)).toEqual([a]);
    expect(second.next_cursor).toBeNull();
  });

  it('refuses a forged cursor and bad query values with 400', async () => {
    for (const query of [
      '?cursor=bm9wZQ',
      `?cursor=${Buffer.from(JSON.stringify(['x\u0000', 1])).toString('base64url')}`,
      '?archived=maybe',
      '?limit=0',
      `?q=${'a'.repeat(101)}`,
    ]) {
      const response = await t.inject('viewer', {
        method: 'GET',
        url: `/api/brokers/list${query}`,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.issues.length, query).toBeGreaterThan(0);
    }
  });
});

describe('PUT /api/brokers/:id', () => {
  it('edits a broker; a stale updated_at answers 409 broker_changed and changes nothing', async () => {
    const id = await addBroker(t, { name: 'Para Editar' });
    const loaded = await get(id);
    const edited = await t.inject('admin', {
      method: 'PUT',
      url: `/api/brokers/${id}`,
      payload: {
        name: 'Editado',
        phone: '+56 2 2123 4567',
        email: '',
        updated_at: loaded.updated_at,
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      name: 'Editado',
      company: null,
      phone: '+56221234567',
      email: null,
    });

    const stale = await t.inject('editor', {
      method: 'PUT',
      url: `/api/brokers/${id}`,
      payload: { name: 'Pisado', updated_at: loaded.updated_at },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({
      code: 'CONFLICT',
      reason: { code: 'broker_changed', params: {} },
    });
    expect((await get(id)).name).toBe('Editado');
  });

  it('answers 400 without updated_at, 404 for a broker that does not exist', async () => {
    const id = await addBroker(t);
    const missing = await t.inject('editor', {
      method: 'PUT',
      url: `/api/brokers/${id}`,
      payload: { name: 'Sin versión' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.issues).toEqual([
      { field: 'updated_at', rule: 'version_missing', params: {} },
    ]);
    const gone = await t.inject('editor', {
      method: 'PUT',
      url: '/api/brokers/999999',
      payload: { name: 'Nadie', updated_at: new Date().toISOString() },
    });
    expect(gone.statusCode).toBe(404);
  });
});

describe('DELETE /api/brokers/:id', () => {
  it('deletes a broker no property names', async () => {
    const id = await addBroker(t);
    const response = await t.inject('editor', { method: 'DELETE', url: `/api/brokers/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ id });
    expect(
      (await t.inject('viewer', { method: 'GET', url: `/api/brokers/${id}` })).statusCode,
    ).toBe(404);
  });

  it('refuses with 409 broker_in_use and the count while properties name it', async () => {
    const id = await addBroker(t);
    const p1 = (await addProperty({ broker_id: id })).json().data.id;
    await addProperty({ broker_id: id });
    const refused = await t.inject('admin', { method: 'DELETE', url: `/api/brokers/${id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'CONFLICT',
      reason: { code: 'broker_in_use', params: { count: 2 } },
    });
    expect(refused.json().message).toBe(
      '2 properties name this broker: archive it instead of deleting it.',
    );
    expect((await get(id)).property_count).toBe(2);
    // The property still names it.
    const detail = (
      await t.inject('viewer', { method: 'GET', url: `/api/properties/${p1}` })
    ).json().data;
    expect(detail.broker_id).toBe(id);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'waits for a property add in flight that names the broker, then refuses',
    async () => {
      const id = await addBroker(t, { name: 'Carrera' });
      const client = new pg.Client({ connectionString: t.databaseUrl as string });
      await client.connect();
      try {
        // An add in flight: it has read its broker FOR SHARE, as the service does.
        await client.query('begin');
        await client.query('select 1 from brokers where id = $1 for share', [id]);
        const deleting = t.inject('editor', { method: 'DELETE', url: `/api/brokers/${id}` });
        await new Promise((resolve) => setTimeout(resolve, 300));
        await client.query(
          `insert into properties (name, address, city_id, region_id, property_type_id, broker_id,
             price, price_amount, price_unit, building_sqmts, land_sqmts)
           values ('En carrera', 'Calle 1', 13120, 13, 2, $1, 1, 1, 'CLP', 1, 1)`,
          [id],
        );
        await client.query('commit');
        const response = await deleting;
        expect(response.statusCode, response.body).toBe(409);
        expect(response.json().error.reason).toEqual({
          code: 'broker_in_use',
          params: { count: 1 },
        });
      } finally {
        await client.end();
      }
    },
  );
});

describe('archiving', () => {
  it('hides a broker from the form list (unless included) but keeps it on its properties', async () => {
    const id = await addBroker(t, { name: 'Archivable' });
    const propertyId = (await addProperty({ broker_id: id })).json().data.id;
    const archived = await setArchived(id, true);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().data.archived_at).toEqual(expect.any(String));

    expect((await choices()).map((b) => b.id)).not.toContain(id);
    expect((await choices(`?include=${id}`)).map((b) => b.id)).toContain(id);
    expect((await list('?q=archivable')).items).toEqual([]);
    expect((await list('?q=archivable&archived=true')).items.map((b) => b.id)).toEqual([id]);
    const property = (
      await t.inject('viewer', { method: 'GET', url: `/api/properties/${propertyId}` })
    ).json().data;
    expect(property).toMatchObject({ broker_id: id, broker_name: 'Archivable' });

    // A new property cannot name it; one that already does keeps it through an edit.
    const refused = await addProperty({ broker_id: id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.issues).toEqual([
      { field: 'broker_id', rule: 'broker_archived', params: {} },
    ]);
    const kept = await t.inject('editor', {
      method: 'PUT',
      url: `/api/properties/${propertyId}`,
      payload: validProperty({ broker_id: id, name: 'Sigue', updated_at: property.updated_at }),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const other = (await addProperty({})).json().data;
    const otherDetail = (
      await t.inject('viewer', { method: 'GET', url: `/api/properties/${other.id}` })
    ).json().data;
    const moved = await t.inject('editor', {
      method: 'PUT',
      url: `/api/properties/${other.id}`,
      payload: validProperty({ broker_id: id, updated_at: otherDetail.updated_at }),
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.issues).toEqual([
      { field: 'broker_id', rule: 'broker_archived', params: {} },
    ]);

    const restored = await setArchived(id, false);
    expect(restored.json().data.archived_at).toBeNull();
    expect((await choices()).map((b) => b.id)).toContain(id);
  });

  it('refuses a body without archived as true or false', async () => {
    const id = await addBroker(t);
    const response = await t.inject('editor', {
      method: 'PATCH',
      url: `/api/brokers/${id}`,
      payload: { archived: 'yes' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([
      { field: 'archived', rule: 'true_or_false', params: {} },
    ]);
  });
});

describe('who may do what', () => {
  it('lets members read, editors and admins write; viewers and strangers are refused', async () => {
    const id = await addBroker(t, { name: 'Roles' });
    const { updated_at } = await get(id);
    const writes = (who: Person) => [
      post({ name: `Nuevo de ${who}` }, who),
      t.inject(who, {
        method: 'PUT',
        url: `/api/brokers/${id}`,
        payload: { name: 'Roles', updated_at },
      }),
      setArchived(id, false, who),
      t.inject(who, { method: 'DELETE', url: `/api/brokers/999999` }),
    ];
    for (const response of await Promise.all(writes('viewer')))
      expect(response.statusCode).toBe(403);
    for (const response of await Promise.all(writes('stranger')))
      expect(response.statusCode).toBe(403);
    for (const url of ['/api/brokers', '/api/brokers/list', `/api/brokers/${id}`]) {
      expect((await t.inject('viewer', { method: 'GET', url })).statusCode).toBe(200);
      expect((await t.inject(null, { method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await post({ name: 'De admin' }, 'admin')).statusCode).toBe(201);
    const deleted = await t.inject('admin', { method: 'DELETE', url: `/api/brokers/${id}` });
    expect(deleted.statusCode).toBe(200);
  });
});
