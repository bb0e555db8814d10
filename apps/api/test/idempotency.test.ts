import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.js';
import { addBroker } from './broker-fixture.js';
import { addProperty, type Person, setupApp, uploadPng, validProperty } from './helpers.js';

// Exactly once for writes sent with an Idempotency-Key (ADR 043), on both databases.
const t = setupApp();

const addWithKey = (key: string, body: Record<string, unknown>, who: Person = 'editor') =>
  t.inject(who, {
    method: 'POST',
    url: '/api/properties/add',
    payload: body,
    headers: { 'idempotency-key': key },
  });

const rowsNamed = async (name: string) =>
  (
    await queryRows<{ n: number }>(
      t.db.db,
      sql`select count(*)::int as n from properties where name = ${name}`,
    )
  )[0]?.n;

/**
 * Runs `fn` while the database refuses to store the answers `when` names (a trigger on the keys'
 * update), as a database lost between a write and its answer would (ADR 062).
 */
async function whileAnswersRefused(when: SQL, fn: () => Promise<void>) {
  await t.db.db.execute(sql`
    create function refuse_answer() returns trigger language plpgsql as $$
    begin
      if new.status is not null and ${when} then
        raise exception 'answer refused';
      end if;
      return new;
    end $$`);
  await t.db.db.execute(sql`
    create trigger refuse_answer before update on idempotency_keys
    for each row execute function refuse_answer()`);
  try {
    await fn();
  } finally {
    await t.db.db.execute(sql`drop trigger refuse_answer on idempotency_keys`);
    await t.db.db.execute(sql`drop function refuse_answer()`);
  }
}

/** The editor adds a broker named `name` under `key`, as a phone's retry would send it again. */
const addBrokerWithKey = (key: string, name: string) =>
  t.inject('editor', {
    method: 'POST',
    url: '/api/brokers',
    payload: { name },
    headers: { 'idempotency-key': key },
  });

const keyRows = (key: string) =>
  queryRows<{ subject: string; status: number | null }>(
    t.db.db,
    sql`select subject, status from idempotency_keys where key = ${key}`,
  );

describe('Idempotency-Key on writes', () => {
  it('a replay answers the first response, marked replayed, and writes nothing', async () => {
    const key = randomUUID();
    const body = validProperty({ name: 'Idempotente uno' });
    const first = await addWithKey(key, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    // Keys in another order are the same request.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await addWithKey(key, reordered);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.json()).toEqual(first.json());
    expect(await rowsNamed('Idempotente uno')).toBe(1);
  });

  it('the same key with another body is refused with 422 and writes nothing', async () => {
    const key = randomUUID();
    expect((await addWithKey(key, validProperty({ name: 'Idempotente dos' }))).statusCode).toBe(
      201,
    );
    const other = await addWithKey(key, validProperty({ name: 'Idempotente dos bis' }));
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await rowsNamed('Idempotente dos bis')).toBe(0);

    // Another route with the same key is another request too.
    const broker = await t.inject('editor', {
      method: 'POST',
      url: '/api/brokers',
      payload: { name: 'Corredor Idempotente' },
      headers: { 'idempotency-key': key },
    });
    expect(broker.statusCode, broker.body).toBe(422);
  });

  it('two requests at once with one key run the handler once', async () => {
    const key = randomUUID();
    const body = validProperty({ name: 'Idempotente tres' });
    const answers = await Promise.all([addWithKey(key, body), addWithKey(key, body)]);
    const statuses = answers.map((a) => a.statusCode).sort();
    // The second meets the claim in progress (409), or the stored answer if the first finished.
    expect([
      [201, 409],
      [201, 201],
    ]).toContainEqual(statuses);
    const busy = answers.find((a) => a.statusCode === 409);
    if (busy) {
      expect(busy.json().error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
      expect(busy.headers['retry-after']).toBe('1');
    }
    expect(await rowsNamed('Idempotente tres')).toBe(1);
  });

  // PostgreSQL only: a lock held from another connection keeps the first handler waiting (PGlite's
  // one connection would hold back the second request's claim as well).
  it.runIf(process.env.TEST_DB === 'postgres')(
    'while the first is still running, the second answers 409; the row is written once',
    async () => {
      const key = randomUUID();
      const send = () => addBrokerWithKey(key, 'Corredor en carrera');
      const blocker = new pg.Client({ connectionString: t.databaseUrl ?? undefined });
      await blocker.connect();
      try {
        await blocker.query('begin');
        await blocker.query('lock table brokers in exclusive mode');
        const first = send();
        // The first has claimed its key and waits on the lock in its handler.
        for (let i = 0; i < 100 && (await keyRows(key)).length === 0; i++)
          await new Promise((resolve) => setTimeout(resolve, 50));
        const second = await send();
        expect(second.statusCode, second.body).toBe(409);
        expect(second.json().error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
        await blocker.query('commit');
        expect((await first).statusCode).toBe(201);
      } finally {
        await blocker.end();
      }
      const [row] = await queryRows<{ n: number }>(
        t.db.db,
        sql`select count(*)::int as n from brokers where name = 'Corredor en carrera'`,
      );
      expect(row?.n).toBe(1);
      const third = await send();
      expect(third.headers['idempotent-replayed']).toBe('true');
    },
  );

  it('a claim in progress answers 409; once abandoned (60 s) it is claimed again', async () => {
    const key = randomUUID();
    const body = validProperty({ name: 'Idempotente cuatro' });
    expect((await addWithKey(key, body)).statusCode).toBe(201);
    // As if its handler were still running.
    await t.db.db.execute(
      sql`update idempotency_keys set status = null, claimed_at = now() where key = ${key}`,
    );
    const busy = await addWithKey(key, body);
    expect(busy.statusCode, busy.body).toBe(409);
    expect(busy.json().error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(busy.headers['retry-after']).toBe('1');

    // Its process died: after the bound, the key is free to run again.
    await t.db.db.execute(
      sql`update idempotency_keys set claimed_at = now() - interval '61 seconds' where key = ${key}`,
    );
    const retried = await addWithKey(key, body);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await rowsNamed('Idempotente cuatro')).toBe(2);
  });

  it('after 24 hours a key is fresh again, and the collection deletes expired keys', async () => {
    const key = randomUUID();
    const body = validProperty({ name: 'Idempotente cinco' });
    expect((await addWithKey(key, body)).statusCode).toBe(201);
    await t.db.db.execute(
      sql`update idempotency_keys set expires_at = now() - interval '1 second' where key = ${key}`,
    );
    const fresh = await addWithKey(key, body);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(await rowsNamed('Idempotente cinco')).toBe(2);

    // Still within its new 24 hours: nothing to collect; 24 hours later, it goes.
    const kept = await t.app.collectExpiredIdempotencyKeys();
    expect(await keyRows(key)).toHaveLength(1);
    const dayLater = new Date(Date.now() + 24 * 60 * 60_000 + 1000);
    expect(await t.app.collectExpiredIdempotencyKeys(dayLater)).toBeGreaterThan(kept);
    expect(await keyRows(key)).toHaveLength(0);
  });

  it("keys are per user: another user's same key runs its own request", async () => {
    const key = randomUUID();
    const body = validProperty({ name: 'Idempotente seis' });
    const byEditor = await addWithKey(key, body, 'editor');
    const byAdmin = await addWithKey(key, body, 'admin');
    expect(byEditor.statusCode).toBe(201);
    expect(byAdmin.statusCode).toBe(201);
    expect(byAdmin.headers['idempotent-replayed']).toBeUndefined();
    expect(byAdmin.json().data.id).not.toBe(byEditor.json().data.id);
    expect(await rowsNamed('Idempotente seis')).toBe(2);
    expect((await keyRows(key)).map((r) => r.subject).sort()).toEqual(['sub-admin', 'sub-editor']);
  });

  // ADR 062: the write and its answer commit together. A trigger refuses to store this answer, as
  // a database lost between the write and its answer would: the write goes with it.
  it('an answer that cannot be stored takes its write with it; the retry writes once', async () => {
    const key = randomUUID();
    const payload = { name: 'Corredor sin respuesta' };
    const send = () => addBrokerWithKey(key, payload.name);
    const brokersNamed = async () =>
      (
        await queryRows<{ n: number }>(
          t.db.db,
          sql`select count(*)::int as n from brokers where name = ${payload.name}`,
        )
      )[0]?.n;
    await whileAnswersRefused(sql`new.body like '%Corredor sin respuesta%'`, async () => {
      const failed = await send();
      expect(failed.statusCode, failed.body).toBe(503);
      expect(failed.json().error.code).toBe('DATABASE_UNAVAILABLE');
      expect(await brokersNamed()).toBe(0);
      expect((await keyRows(key)).map((r) => r.status)).toEqual([null]);
    });
    // Within the claim's timeout a retry waits (409); after it, the retry runs the write once.
    expect((await send()).statusCode).toBe(409);
    await t.db.db.execute(
      sql`update idempotency_keys set claimed_at = now() - interval '61 seconds' where key = ${key}`,
    );
    const retried = await send();
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await brokersNamed()).toBe(1);
    const replayed = await send();
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(retried.json());
  });

  // A delete's photo files go only once the rows' removal commits: a rollback keeps both.
  it("a delete whose answer cannot be stored keeps the property's photo files too", async () => {
    const photo = await uploadPng(t, 'borrada-a-medias');
    const id = await addProperty(t, { name: 'Borrada a medias', photos: [photo] });
    const file = path.join(t.config.dataDir, 'photos', photo);
    expect(existsSync(file)).toBe(true);
    await whileAnswersRefused(sql`new.route like 'DELETE %'`, async () => {
      const failed = await t.inject('editor', {
        method: 'DELETE',
        url: `/api/properties/${id}`,
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(failed.statusCode, failed.body).toBe(503);
    });
    const kept = await t.inject('viewer', { method: 'GET', url: `/api/properties/${id}` });
    expect(kept.statusCode).toBe(200);
    // Anything scheduled for after a commit would have run by now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(existsSync(file)).toBe(true);
    // Deleted for good, the files go after the commit.
    const deleted = await t.inject('editor', {
      method: 'DELETE',
      url: `/api/properties/${id}`,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expect.poll(() => existsSync(file)).toBe(false);
  });

  // PostgreSQL only, as above: the first handler held by a lock from another connection.
  it.runIf(process.env.TEST_DB === 'postgres')(
    'a retry that takes over an abandoned claim wins: the first run, ending later, is undone',
    async () => {
      const key = randomUUID();
      const name = 'Corredor relevado';
      const send = () => addBrokerWithKey(key, name);
      const blocker = new pg.Client({ connectionString: t.databaseUrl ?? undefined });
      await blocker.connect();
      let first: Awaited<ReturnType<typeof send>>;
      let second: Awaited<ReturnType<typeof send>>;
      try {
        await blocker.query('begin');
        await blocker.query('lock table brokers in exclusive mode');
        const firstRun = send();
        for (let i = 0; i < 100 && (await keyRows(key)).length === 0; i++)
          await new Promise((resolve) => setTimeout(resolve, 50));
        // The first run looks abandoned: a retry claims the key and runs too.
        await t.db.db.execute(
          sql`update idempotency_keys set claimed_at = now() - interval '61 seconds' where key = ${key}`,
        );
        const secondRun = send();
        await new Promise((resolve) => setTimeout(resolve, 300));
        await blocker.query('commit');
        [first, second] = await Promise.all([firstRun, secondRun]);
      } finally {
        await blocker.end();
      }
      expect(first.statusCode, first.body).toBe(409);
      expect(first.json().error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
      expect(second.statusCode, second.body).toBe(201);
      const [row] = await queryRows<{ n: number }>(
        t.db.db,
        sql`select count(*)::int as n from brokers where name = ${name}`,
      );
      expect(row?.n).toBe(1);
      const third = await send();
      expect(third.headers['idempotent-replayed']).toBe('true');
      expect(third.json()).toEqual(second.json());
    },
  );

  it('a failure on our side (5xx) lets the key go: a retry runs again', async () => {
    const key = randomUUID();
    const payload = { name: 'Corredor tras un fallo' };
    const send = () => addBrokerWithKey(key, payload.name);
    await t.db.db.execute(sql`alter table brokers rename to brokers_away`);
    try {
      const failed = await send();
      expect(failed.statusCode, failed.body).toBe(500);
      expect(await keyRows(key)).toHaveLength(0);
    } finally {
      await t.db.db.execute(sql`alter table brokers_away rename to brokers`);
    }
    const retried = await send();
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a 4xx is the answer: replayed as it was', async () => {
    const key = randomUUID();
    const body = validProperty({ name: 'Idempotente siete', city_id: 99_999 });
    const first = await addWithKey(key, body);
    expect(first.statusCode).toBe(400);
    const again = await addWithKey(key, body);
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('stores the answer as serialized, before compression: a gzipped answer replays', async () => {
    const key = randomUUID();
    // Eight signed upload URLs: an answer over the 1 kB compression threshold.
    const files = Array.from({ length: 8 }, (_, i) => ({
      name: `foto-${i}.png`,
      content_type: 'image/png',
      size: 1000,
    }));
    const send = () =>
      t.inject('editor', {
        method: 'POST',
        url: '/api/photos/upload_url',
        payload: files,
        headers: { 'idempotency-key': key, 'accept-encoding': 'gzip' },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect((await keyRows(key)).map((r) => r.status)).toEqual([200]);
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(again.rawPayload).toEqual(first.rawPayload);
  });

  it('a PUT and a DELETE replay too (where running them again would conflict or miss)', async () => {
    const brokerId = await addBroker(t, { name: 'Corredor Editado' });
    const loaded = (
      await t.inject('editor', { method: 'GET', url: `/api/brokers/${brokerId}` })
    ).json().data;
    const put = () =>
      t.inject('editor', {
        method: 'PUT',
        url: `/api/brokers/${brokerId}`,
        payload: { name: 'Corredor Editado Dos', updated_at: loaded.updated_at },
        headers: { 'idempotency-key': 'put-once' },
      });
    const edited = await put();
    expect(edited.statusCode, edited.body).toBe(200);
    // Without the key, the same PUT would now be a 409 (the broker changed since updated_at).
    const replayed = await put();
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(edited.json());

    const created = await addWithKey(randomUUID(), validProperty({ name: 'Idempotente ocho' }));
    const id = created.json().data.id;
    const remove = () =>
      t.inject('editor', {
        method: 'DELETE',
        url: `/api/properties/${id}`,
        headers: { 'idempotency-key': 'delete-once' },
      });
    expect((await remove()).statusCode).toBe(200);
    // Without the key, a 404: the property is gone.
    const removedAgain = await remove();
    expect(removedAgain.statusCode, removedAgain.body).toBe(200);
    expect(removedAgain.headers['idempotent-replayed']).toBe('true');
  });

  it('refuses a key that is empty, too long or not printable ASCII with a 400 naming the header', async () => {
    for (const key of ['', 'k'.repeat(256), 'clave-única']) {
      const response = await addWithKey(key, validProperty({ name: 'Idempotente nueve' }));
      expect(response.statusCode, `${JSON.stringify(key)}: ${response.body}`).toBe(400);
      expect(response.json().error.issues).toEqual([
        { field: 'idempotency-key', rule: 'printable_ascii', params: { max: 255 } },
      ]);
    }
    expect(await rowsNamed('Idempotente nueve')).toBe(0);
    expect((await addWithKey('k'.repeat(255), validProperty())).statusCode).toBe(201);
  });

  const READS_SENT_AS_POST = ['post /api/properties/import/thumbnail'];

  it('documents the header and its 409 and 422 on every write, and not on a read sent as a POST', async () => {
    await t.app.ready();
    const document = t.app.swagger() as unknown as {
      paths: Record<
        string,
        Record<string, { parameters?: { in: string; name: string }[]; responses: object }>
      >;
    };
    let writes = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!path.startsWith('/api/')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
        // A read whose URL goes in its body (ADR 045): a key would promise nothing.
        if (READS_SENT_AS_POST.includes(`${method} ${path}`)) {
          expect(operation.parameters ?? [], `${method} ${path}`).not.toContainEqual(
            expect.objectContaining({ in: 'header', name: 'idempotency-key' }),
          );
          continue;
        }
        writes++;
        expect(operation.parameters, `${method} ${path}`).toContainEqual(
          expect.objectContaining({ in: 'header', name: 'idempotency-key', required: false }),
        );
        expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(
          expect.arrayContaining(['409', '422']),
        );
      }
    }
    expect(writes).toBeGreaterThan(15);
  });
});
