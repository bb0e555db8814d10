import type { AddressInfo } from 'node:net';
import type { SavedSearch } from '@bec/contracts';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { queryRows } from '../src/db/client.js';
import { addDays, chileDate } from '../src/lib/chile-date.js';
import { claimDue } from '../src/modules/alert-mail/alert-mail.repository.js';
import { MAIL_LEASE_MS, MAX_MAIL_ATTEMPTS } from '../src/modules/alert-mail/alert-mail.service.js';
import { addProperty, type Person, setupApp } from './helpers.js';

// Saved searches' alert mail (ADR 054) through a real SMTP server started here,
// on PGlite and PostgreSQL alike. The editor adds properties; the viewer and the admin get mail.

type Received = { raw: string; from: string; to: string[] };
const received: Received[] = [];
/** accept: take every message; fail: refuse every one (451); drop: close the first in DATA (421). */
let mode: 'accept' | 'fail' | 'drop' = 'accept';
let dropped = 0;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      if (mode === 'fail')
        return callback(Object.assign(new Error('mailbox busy'), { responseCode: 451 }));
      if (mode === 'drop' && dropped === 0) {
        dropped++;
        // The server goes away mid-DATA: nothing was accepted.
        return callback(Object.assign(new Error('going away'), { responseCode: 421 }));
      }
      received.push({
        raw: Buffer.concat(chunks).toString('utf8'),
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
      });
      callback();
    });
  },
});
let smtpPort = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const PUBLIC_URL = 'https://bec.example.cl';
const t = setupApp({
  env: async () => ({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'BEC Alertas <alertas@bec.example.cl>',
    PUBLIC_URL,
  }),
  build: { mailJobs: false },
});

/** A received message's headers (unfolded, encoded words decoded) and its decoded parts. */
function parse(raw: string) {
  const decodeWords = (v: string) =>
    v.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : qp(text.replace(/_/g, ' ')),
    );
  const qp = (v: string) =>
    Buffer.from(
      v
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  const split = (part: string) => {
    const at = part.indexOf('\r\n\r\n');
    const headers: Record<string, string> = {};
    for (const line of part
      .slice(0, at)
      .replace(/\r\n[ \t]+/g, ' ')
      .split('\r\n')) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
    }
    return { headers, body: part.slice(at + 4) };
  };
  const top = split(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(top.headers['content-type'] ?? '')?.[1];
  const parts: Record<string, string> = {};
  for (const chunk of boundary ? top.body.split(`--${boundary}`).slice(1, -1) : [raw]) {
    const part = split(chunk.replace(/^\r\n/, ''));
    const encoding = part.headers['content-transfer-encoding'] ?? '7bit';
    const body =
      encoding === 'base64'
        ? Buffer.from(part.body, 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? qp(part.body)
          : part.body;
    parts[(part.headers['content-type'] ?? '').split(';')[0] as string] = body;
  }
  const lf = (v = '') => v.replace(/\r\n/g, '\n');
  return { headers: top.headers, text: lf(parts['text/plain']), html: lf(parts['text/html']) };
}

const request = (who: Person, method: string, url: string, payload?: object) =>
  t.inject(who, { method: method as 'GET', url, ...(payload ? { payload } : {}) });

async function saveSearch(who: Person, name: string, filters: Record<string, string>) {
  const response = await request(who, 'POST', '/api/saved-searches', {
    name,
    scope: 'personal',
    filters,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as SavedSearch;
}

async function subscribe(who: Person, id: number, body: object) {
  const response = await request(who, 'PUT', `/api/saved-searches/${id}/subscription`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as SavedSearch;
}

const add = (overrides: Record<string, unknown>) => addProperty(t, { photos: [], ...overrides });

/** The instant 08:00 in Santiago on `day` (UTC-3 in summer, UTC-4 in winter). */
function santiagoEight(day: string) {
  for (const utc of ['11', '12']) {
    const at = new Date(`${day}T${utc}:00:00Z`);
    const hour = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'America/Santiago',
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(at);
    if (hour === '08' && chileDate(at) === day) return at;
  }
  throw new Error(`no 08:00 in Santiago on ${day}?`);
}

const outbox = () =>
  queryRows<{
    id: string;
    kind: string;
    user_id: number;
    attempts: number;
    last_error: string | null;
    next_attempt_at: Date;
    sent_at: Date | null;
    failed_at: Date | null;
  }>(t.db.db, sql`select * from mail_outbox order by id`);

/** Makes every mail sent so far count as done and forgets the received ones. */
async function reset() {
  await t.app.sendAlertMail();
  await t.db.db.execute(sql`update mail_outbox set failed_at = now() where sent_at is null`);
  received.length = 0;
  mode = 'accept';
  dropped = 0;
}

const ADDRESS = 'Departamento Mail';
let viewerSearch: SavedSearch;
let adminSearch: SavedSearch;
beforeAll(async () => {
  // The UF in effect: 3,000 UF is $120,000,000.
  const uf = await request('admin', 'PUT', '/api/uf/values/2025-11-24', { value: 40_000 });
  expect(uf.statusCode, uf.body).toBe(200);
  // The viewer: a mail per alert, in Spanish; the admin: the daily digest, in English.
  viewerSearch = await saveSearch('viewer', 'Deptos en Ñuñoa', { city_id: '13120' });
  const chosen = await subscribe('viewer', viewerSearch.id, {
    email: 'immediate',
    locale: 'es-CL',
  });
  expect(chosen.email).toBe('immediate');
  adminSearch = await saveSearch('admin', 'Ñuñoa under 200M', {
    city_id: '13120',
    price_max: '200000000',
  });
  await subscribe('admin', adminSearch.id, { email: 'daily', locale: 'en' });
});

describe('the subscription', () => {
  it('is offered by the web: the client configuration says the server mails alerts', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().data.alert_mail).toBe(true);
  });

  it('takes email off, immediate or daily, and refuses anything else naming the field', async () => {
    const response = await request(
      'viewer',
      'PUT',
      `/api/saved-searches/${viewerSearch.id}/subscription`,
      {
        email: 'weekly',
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.issues).toEqual([
      expect.objectContaining({ field: 'email', rule: 'one_of' }),
    ]);
    const empty = await request(
      'viewer',
      'PUT',
      `/api/saved-searches/${viewerSearch.id}/subscription`,
      {},
    );
    expect(empty.statusCode).toBe(400);
    const list = (await request('viewer', 'GET', '/api/saved-searches')).json()
      .data as SavedSearch[];
    expect(list.find((s) => s.id === viewerSearch.id)?.email).toBe('immediate');
  });
});

describe('an immediate mail', () => {
  it("carries the property's name, price, comuna and link in the recipient's language, with one-click unsubscribe headers", async () => {
    await reset();
    const id = await add({ name: ADDRESS, price: 145_000_000, city_id: 13120 });
    await t.app.matchSavedSearches();
    expect(await t.app.sendAlertMail()).toBe(1);
    expect(received).toHaveLength(1);
    const [mail] = received as [Received];
    expect(mail.to).toEqual(['viewer@bec.test']);
    expect(mail.from).toBe('alertas@bec.example.cl');
    const { headers, text, html } = parse(mail.raw);
    expect(headers.subject).toBe(`Deptos en Ñuñoa: ${ADDRESS}`);
    expect(headers.from).toBe('BEC Alertas <alertas@bec.example.cl>');
    expect(headers['message-id']).toMatch(/^<alert-\d+\.[0-9a-f]{24}@bec\.example\.cl>$/);
    expect(headers['list-unsubscribe']).toMatch(
      /^<https:\/\/bec\.example\.cl\/api\/saved-searches\/unsubscribe\?token=[\w.-]+>$/,
    );
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(text).toContain('Hola Víctor Viewer:');
    expect(text).toContain('Una propiedad coincide con tu búsqueda «Deptos en Ñuñoa».');
    expect(text).toContain(ADDRESS);
    expect(text).toContain('$145.000.000 · Ñuñoa · nueva');
    expect(text).toContain(`Ver propiedad: ${PUBLIC_URL}/properties/${id}`);
    expect(html).toContain(`<a href="${PUBLIC_URL}/properties/${id}">Ver propiedad</a>`);
    expect(html).toContain('<html lang="es-CL">');
    // The admin's is a digest: nothing at once. The editor made the change: no alert, no mail.
    expect((await outbox()).filter((r) => r.kind === 'alert')).toHaveLength(1);
  });

  it('follows the language the member switches BEC to, without a subscription change', async () => {
    const refused = await request('viewer', 'PUT', '/api/users/me/locale', { locale: 'fr' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.issues).toEqual([
      expect.objectContaining({ field: 'locale', rule: 'one_of' }),
    ]);
    const switched = await request('viewer', 'PUT', '/api/users/me/locale', { locale: 'en' });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().data).toEqual({ locale: 'en' });
    try {
      await reset();
      // Above the admin's 200M: the admin's digest (the next tests) does not count it.
      await add({ name: `${ADDRESS} 2`, price: 250_000_000, city_id: 13120 });
      await t.app.matchSavedSearches();
      expect(await t.app.sendAlertMail()).toBe(1);
      const { text, html } = parse((received as [Received])[0].raw);
      expect(html).toContain('<html lang="en">');
      expect(text).toContain(`${ADDRESS} 2`);
      expect(text).not.toContain('Hola');
    } finally {
      await request('viewer', 'PUT', '/api/users/me/locale', { locale: 'es-CL' });
    }
  });
});

describe('the daily digest', () => {
  it('is queued once per user and day at 08:00 in Chile, lists the alerts since the previous one, and sends nothing for a day without', async () => {
    await reset();
    // The first 08:00 in Chile from now: within 24 hours of the alerts, whatever the time.
    const today = chileDate(new Date());
    const tomorrow = santiagoEight(today).getTime() > Date.now() ? today : addDays(today, 1);
    const eight = santiagoEight(tomorrow);
    const a = await add({ name: 'Depto Digest Uno', price: 120_000_000, city_id: 13120 });
    const b = await add({
      name: 'Depto Digest Dos',
      price: 3000,
      price_unit: 'UF',
      city_id: 13120,
    });
    await add({ name: 'Depto caro', price: 300_000_000, city_id: 13120 });
    await t.app.matchSavedSearches();
    await t.app.sendAlertMail(); // the viewer's immediate ones
    received.length = 0;

    expect(await t.app.enqueueAlertDigests(new Date(eight.getTime() - 60_000))).toBe(0);
    expect(await t.app.enqueueAlertDigests(eight)).toBe(1);
    // Another process, or the next minute: the day is done.
    expect(await t.app.enqueueAlertDigests(new Date(eight.getTime() + 30 * 60_000))).toBe(0);
    expect(await t.app.sendAlertMail(() => eight)).toBe(1);
    expect(received).toHaveLength(1);
    const [mail] = received as [Received];
    expect(mail.to).toEqual(['admin@bec.test']);
    const { headers, text, html } = parse(mail.raw);
    // The first digest: the last 24 hours' alerts (the immediate mail's property too).
    expect(headers.subject).toBe('Your daily digest: 3 new properties');
    expect(text).toContain(ADDRESS);
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(text).toContain('Hello Ana Admin,');
    expect(text).toContain('## Ñuñoa under 200M');
    expect(text).toContain('Depto Digest Uno\n$120,000,000 · Ñuñoa · new');
    expect(text).toContain('Depto Digest Dos\nUF 3,000 · Ñuñoa · new');
    expect(text).toContain(`View property: ${PUBLIC_URL}/properties/${a}`);
    expect(text).toContain(`View property: ${PUBLIC_URL}/properties/${b}`);
    expect(text).not.toContain('Depto caro');
    expect(html).toContain('<html lang="en">');

    // The next day without new alerts: no mail. The day after, only what came since.
    received.length = 0;
    const next = santiagoEight(addDays(tomorrow, 1));
    expect(await t.app.enqueueAlertDigests(next)).toBe(0);
    const c = await add({ name: 'Depto Digest Tres', price: 99_000_000, city_id: 13120 });
    await t.app.matchSavedSearches();
    const third = santiagoEight(addDays(tomorrow, 2));
    expect(await t.app.enqueueAlertDigests(third)).toBe(1);
    await t.app.sendAlertMail(() => third);
    const digests = received.filter((m) => m.to[0] === 'admin@bec.test');
    expect(digests).toHaveLength(1);
    const second = parse((digests[0] as Received).raw);
    expect(second.headers.subject).toBe('Your daily digest: 1 new property');
    expect(second.text).toContain(`${PUBLIC_URL}/properties/${c}`);
    expect(second.text).not.toContain('Depto Digest Uno');
  });
});

describe('the unsubscribe link', () => {
  it('works without a session, once; a second use says it is done; a tampered one is refused', async () => {
    await reset();
    await add({ name: 'Depto Unsubscribe', city_id: 13120 });
    await t.app.matchSavedSearches();
    await t.app.sendAlertMail();
    const link =
      /^<(.+)>$/.exec(
        parse((received[0] as Received).raw).headers['list-unsubscribe'] ?? '',
      )?.[1] ?? '';
    const url = link.replace(PUBLIC_URL, '');
    expect(url).toMatch(/^\/api\/saved-searches\/unsubscribe\?token=/);

    // Opened in a browser: a page in the user's language whose button posts.
    const page = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('¿Dejar de recibir correos de la búsqueda «Deptos en Ñuñoa»?');
    expect(page.body).toMatch(
      /<form method="post" action="\/api\/saved-searches\/unsubscribe\?token=[^"]+">/,
    );
    expect(page.body).toContain('<button type="submit">Dejar de recibir correos</button>');

    // The mail program's one-click POST (RFC 8058), no session.
    const oneClick = () =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const first = await oneClick();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ saved_search_name: 'Deptos en Ñuñoa', already: false });
    const list = (await request('viewer', 'GET', '/api/saved-searches')).json()
      .data as SavedSearch[];
    expect(list.find((s) => s.id === viewerSearch.id)).toMatchObject({
      email: 'off',
      subscribed: true,
    });
    const again = await oneClick();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      message: 'Mail from this search was already off',
      data: { already: true },
    });
    // The page's button, from a browser: an answer page, already done.
    const button = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(button.statusCode).toBe(200);
    expect(button.body).toContain('Ya no recibías correos de la búsqueda «Deptos en Ñuñoa»');

    // No more mail for that search.
    received.length = 0;
    await add({ name: 'Depto tras la baja', city_id: 13120 });
    await t.app.matchSavedSearches();
    await t.app.sendAlertMail();
    expect(received).toHaveLength(0);

    // Tampered: another search's id under the same signature, or a changed signature.
    const token = new URL(link).searchParams.get('token') ?? '';
    const [user, search, signature] = token.split('.') as [string, string, string];
    const forged = [
      `${user}.${adminSearch.id}.${signature}`,
      `${t.ids.admin}.${search}.${signature}`,
      `${user}.${search}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`,
      'garbage',
    ];
    for (const bad of forged) {
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/saved-searches/unsubscribe?token=${encodeURIComponent(bad)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: [expect.objectContaining({ field: 'token', rule: 'link_tampered' })],
      });
      const shown = await t.app.inject({
        method: 'GET',
        url: `/api/saved-searches/unsubscribe?token=${encodeURIComponent(bad)}`,
      });
      expect(shown.statusCode).toBe(400);
      expect(shown.body).toContain('no es válido');
    }
    // The admin's digest is untouched by the forged links.
    const admin = (await request('admin', 'GET', '/api/saved-searches')).json()
      .data as SavedSearch[];
    expect(admin.find((s) => s.id === adminSearch.id)?.email).toBe('daily');
    await subscribe('viewer', viewerSearch.id, { email: 'immediate' });
  });
});

describe('sending', () => {
  it('retries a refusing server with backoff, keeps the error, gives up at the bound; the write never fails', async () => {
    await reset();
    mode = 'fail';
    await add({ name: 'Depto Reintento', city_id: 13120 }); // 201, whatever the mail server says
    await t.app.matchSavedSearches();
    const start = new Date(Date.now() + 1000);
    expect(await t.app.sendAlertMail(() => start)).toBe(0);
    let [row] = (await outbox()).filter((r) => !r.sent_at && !r.failed_at);
    expect(row).toMatchObject({ attempts: 1, last_error: expect.stringContaining('451') });
    expect(new Date(row?.next_attempt_at ?? 0).getTime()).toBe(start.getTime() + 60_000);
    // Not before its time; then again, twice as long.
    expect(await t.app.sendAlertMail(() => new Date(start.getTime() + 59_000))).toBe(0);
    expect((await outbox()).find((r) => r.id === row?.id)?.attempts).toBe(1);
    const second = new Date(start.getTime() + 60_000);
    await t.app.sendAlertMail(() => second);
    row = (await outbox()).find((r) => r.id === row?.id);
    expect(row?.attempts).toBe(2);
    expect(new Date(row?.next_attempt_at ?? 0).getTime()).toBe(second.getTime() + 120_000);
    // The server is back: sent once.
    mode = 'accept';
    await t.app.sendAlertMail(() => new Date(second.getTime() + 120_000));
    expect(received).toHaveLength(1);
    expect((await outbox()).find((r) => r.id === row?.id)?.sent_at).not.toBeNull();

    // At the bound it is given up, its error kept.
    mode = 'fail';
    await add({ name: 'Depto Sin Suerte', city_id: 13120 });
    await t.app.matchSavedSearches();
    await t.db.db.execute(
      sql`update mail_outbox set attempts = ${MAX_MAIL_ATTEMPTS - 1} where sent_at is null and failed_at is null`,
    );
    await t.app.sendAlertMail();
    const [given] = (await outbox()).slice(-1);
    expect(given).toMatchObject({
      attempts: MAX_MAIL_ATTEMPTS,
      last_error: expect.stringContaining('451'),
    });
    expect(given?.failed_at).not.toBeNull();
  });

  it('sends once when the server drops the first try mid-DATA, and while a lease runs nobody else takes the row', async () => {
    await reset();
    mode = 'drop';
    await add({ name: 'Depto Cortado', city_id: 13120 });
    await t.app.matchSavedSearches();
    const now = new Date(Date.now() + 1000);
    await t.app.sendAlertMail(() => now);
    expect(dropped).toBe(1);
    expect(received).toHaveLength(0);
    await t.app.sendAlertMail(() => new Date(now.getTime() + 60_000));
    await t.app.sendAlertMail(() => new Date(now.getTime() + 10 * 60_000));
    expect(received).toHaveLength(1);

    // A process claims a row and dies before sending: the row waits for its lease to run out,
    // then another sends it, once.
    received.length = 0;
    await add({ name: 'Depto Huérfano', city_id: 13120 });
    await t.app.matchSavedSearches();
    const claimedAt = new Date();
    expect(await claimDue(t.db.db, claimedAt, MAIL_LEASE_MS, 10)).toHaveLength(1);
    expect(await t.app.sendAlertMail(() => new Date(claimedAt.getTime() + 1000))).toBe(0);
    const after = new Date(claimedAt.getTime() + MAIL_LEASE_MS + 1000);
    expect(await t.app.sendAlertMail(() => after)).toBe(1);
    expect(await t.app.sendAlertMail(() => new Date(after.getTime() + MAIL_LEASE_MS * 2))).toBe(0);
    expect(received).toHaveLength(1);
  });

  it('sends exactly one mail per alert when two app instances share the database', async () => {
    await reset();
    const other = await buildApp({
      config: t.config,
      database: t.db,
      logger: false,
      webRoot: null,
      mailJobs: false,
    });
    try {
      for (const n of [1, 2, 3, 4, 5]) await add({ name: `Depto Doble ${n}`, city_id: 13120 });
      await Promise.all([t.app.matchSavedSearches(), other.matchSavedSearches()]);
      await Promise.all([t.app.sendAlertMail(), other.sendAlertMail(), t.app.sendAlertMail()]);
      const ids = received.map((m) => parse(m.raw).headers['message-id']);
      expect(ids).toHaveLength(5);
      expect(new Set(ids).size).toBe(5);
    } finally {
      await other.close();
    }
  });
});
