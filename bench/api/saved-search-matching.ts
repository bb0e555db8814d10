// ADR 053: matching one changed property against 1,000 saved searches, as the API's
// worker does it (`processOutbox`, the real code, ADR 053), and a write's own latency with the
// outbox row written and without it, side by side.
import os from 'node:os';
import {
  createUsersService,
  type Database,
  processOutbox,
  recordPropertyChange,
} from '@bec/api/tools';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { progress } from '../common/progress.js';
import { addSlice } from './add-requests.js';
import { num, percentile, scale, type Target } from './figures.js';
import { createRandom, type Random } from './random.js';
import type { Target as HttpTarget } from './scenarios.js';

const SAVED_SEARCHES = 1_000;
/** Changes timed (half adds, half updates), after WARMUP untimed ones. */
const CHANGES = 240;
const WARMUP = 20;
/** Target: the p50 of one change's matching. */
const MATCH_P50_MS = 20;
/** The write's latency: rounds of one slice with the outbox and one without, order flipped. */
const WRITE_ROUNDS = 6;
const WRITE_SLICE = 25;
/** Between adds in the measured slices: a team's adds are seconds apart, not back to back. */
const WRITE_PAUSE_MS = 50;

export type AlertFigures = {
  rows: number;
  searches: number;
  followed: number;
  members: number;
  adds: number[];
  updates: number[];
  alerts: number;
  /** Changes the server's own worker processed first (polling): timed again. */
  taken: number;
  /** Adds WRITE_PAUSE_MS apart (the target), and back to back (shown). */
  write: { withOutbox: number[]; without: number[]; rounds: string[] } | null;
  backToBack: { withOutbox: number[]; without: number[]; rounds: string[] } | null;
  loadAverage: number;
};

const TEAM_SIZE = 16;
const WORDS = ['piscina', 'quincho', 'terraza', 'vista', 'condominio', 'parcela de agrado'];

type Seed = {
  city_id: number;
  region_id: number;
  property_type_id: number;
  broker_id: number | null;
  stage: string;
  price_amount: number;
  price_unit: 'CLP' | 'UF';
  building_sqmts: number | null;
  land_sqmts: number | null;
  rooms: number | null;
  bathrooms: number | null;
  parking_spaces: number | null;
  common_expenses: number | null;
};

const round = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

/**
 * One brief as a team member saves it from the grid: drawn around a real listing (its comuna or
 * región, its type, a price range around its price in CLP or UF), so that searches match some
 * listings as real ones do, with the grid's other filters now and then.
 */
function briefAround(p: Seed, random: Random, uf: number): Record<string, string> {
  const f: Record<string, string> = {};
  if (random.chance(0.65)) f.city_id = String(p.city_id);
  else if (random.chance(0.6)) f.region_id = String(p.region_id);
  if (random.chance(0.75)) f.property_type_id = String(p.property_type_id);
  if (random.chance(0.15)) f.stage = random.chance(0.7) ? 'new' : p.stage;
  if (p.broker_id !== null && random.chance(0.05)) f.broker_id = String(p.broker_id);
  if (random.chance(0.1)) f.q = random.pick(WORDS);
  if (random.chance(0.03)) f.located = 'true';
  const pesos = p.price_unit === 'UF' ? p.price_amount * uf : p.price_amount;
  if (random.chance(0.7)) {
    const inUf = random.chance(0.45);
    const unit = inUf ? uf : 1;
    const step = inUf ? 100 : 10_000_000;
    f.price_unit = inUf ? 'UF' : 'CLP';
    f.price_max = String(round((pesos * (0.9 + random.next() * 0.5)) / unit, step));
    if (random.chance(0.35)) f.price_min = String(round((pesos * 0.5) / unit, step));
  }
  if (p.building_sqmts && random.chance(0.2))
    f.building_min = String(round(p.building_sqmts * 0.8, 10));
  if (p.land_sqmts && random.chance(0.1)) f.land_min = String(round(p.land_sqmts * 0.7, 100));
  if (random.chance(0.04)) f.land_max = '5000';
  if (random.chance(0.03)) f.building_max = '200';
  if (p.rooms && random.chance(0.4)) f.rooms_min = String(Math.max(1, p.rooms - random.int(0, 1)));
  if (p.bathrooms && random.chance(0.25)) f.bathrooms_min = String(Math.max(1, p.bathrooms - 1));
  if (random.chance(0.2)) f.parking_min = String(random.int(1, 2));
  if (p.common_expenses && random.chance(0.1))
    f.common_expenses_max = String(round(p.common_expenses * 1.2, 10_000));
  return f;
}

const seedColumns = `city_id, region_id, property_type_id, broker_id, stage,
  price_amount::float8 as price_amount, price_unit, building_sqmts::float8 as building_sqmts,
  land_sqmts::float8 as land_sqmts, rooms, bathrooms, parking_spaces, common_expenses::float8 as common_expenses`;

/** 1,000 saved searches of a team of 20 (the bench's 4 and 16 more), most followed by a few. */
async function createSearches(db: Database, pool: pg.Pool, random: Random) {
  const users = createUsersService(db, { adminEmails: [] });
  for (let i = 1; i <= TEAM_SIZE; i++)
    await users.upsertByEmail(
      `alerts-${i}@bec.local`,
      i % 4 === 0 ? 'viewer' : 'editor',
      `Corredor ${i}`,
    );
  const team = (
    await pool.query<{ id: number; role: string }>(
      'select id, role from users where role is not null order by id',
    )
  ).rows;
  const sharers = team.filter((u) => u.role !== 'viewer');
  const uf = Number(
    (await pool.query<{ v: string }>('select value::float8 as v from uf_pricing')).rows[0]?.v,
  );
  const max = Number((await pool.query('select max(id) as m from properties')).rows[0]?.m);
  const seeds: Seed[] = [];
  while (seeds.length < SAVED_SEARCHES) {
    const { rows } = await pool.query<Seed>(
      `select ${seedColumns} from properties where id >= $1 order by id limit 1`,
      [random.int(1, max)],
    );
    if (rows[0]) seeds.push(rows[0]);
  }
  const owners: number[] = [];
  const scopes: string[] = [];
  const filters: string[] = [];
  const names: string[] = [];
  for (const [i, seed] of seeds.entries()) {
    const shared = random.chance(0.6);
    owners.push((shared ? random.pick(sharers) : random.pick(team)).id);
    scopes.push(shared ? 'shared' : 'personal');
    filters.push(JSON.stringify(briefAround(seed, random, uf)));
    names.push(`Búsqueda ${i + 1}`);
  }
  const { rows: searches } = await pool.query<{ id: number; owner_id: number; scope: string }>(
    `insert into saved_searches (owner_id, name, scope, filters)
       select * from unnest($1::int[], $2::text[], $3::text[], $4::jsonb[])
       returning id, owner_id, scope`,
    [owners, names, scopes, filters],
  );
  // Members as the API makes them: the owner (subscribed, as the creator is; one in ten stopped
  // following), and for a shared search 0–4 colleagues who follow it.
  const member: [number, number, boolean][] = [];
  for (const s of searches) {
    member.push([s.id, s.owner_id, !random.chance(0.1)]);
    if (s.scope !== 'shared') continue;
    const others = random.int(0, 4);
    for (let k = 0; k < others; k++) {
      const u = random.pick(team).id;
      if (!member.some(([sid, uid]) => sid === s.id && uid === u)) member.push([s.id, u, true]);
    }
  }
  await pool.query(
    `insert into saved_search_members (saved_search_id, user_id, subscribed)
       select * from unnest($1::int[], $2::int[], $3::bool[])`,
    [member.map((m) => m[0]), member.map((m) => m[1]), member.map((m) => m[2])],
  );
  const followed = Number(
    (
      await pool.query(
        'select count(distinct saved_search_id) as n from saved_search_members where subscribed',
      )
    ).rows[0]?.n,
  );
  return { team, followed, members: member.length, max };
}

/**
 * One change as the API writes it (the outbox row in the change's own transaction), then the
 * worker's batch timed: `processOutbox` locks the row, reads and converts the followed searches,
 * evaluates all of them against the row in one statement, inserts the alerts, deletes the row.
 */
async function timedChange(
  db: Database,
  pool: pg.Pool,
  kind: 'insert' | 'update',
  propertyId: number,
  actorId: number,
  random: Random,
) {
  await db.transaction(async (tx) => {
    if (kind === 'insert') {
      // A listing just added: its outbox row names it, with no `before` (the worker reads the row
      // by its key, so a fresh row and a seeded one cost the same).
      await recordPropertyChange(tx, propertyId, actorId, 'insert');
      return;
    }
    await recordPropertyChange(tx, propertyId, actorId, 'update');
    const change = random.next();
    if (change < 0.6)
      // A price cut of 5–15% (whole pesos, or UF to the tenth).
      await tx.execute(
        sql`update properties set price_amount = case when price_unit = 'UF'
              then round(price_amount * ${0.85 + random.next() * 0.1}, 1)
              else round(price_amount * ${0.85 + random.next() * 0.1}) end
            where id = ${propertyId}`,
      );
    else if (change < 0.85)
      await tx.execute(
        sql`update properties set stage = case when stage = 'new' then 'to_visit' else 'new' end
            where id = ${propertyId} and stage in ('new', 'to_visit')`,
      );
    // Another comuna of the same región (the región follows from the comuna).
    else
      await tx.execute(
        sql`update properties p set city_id = (select c.id from cities c
              where c.region_id = p.region_id and c.id <> p.city_id order by random() limit 1)
            where p.id = ${propertyId}`,
      );
  });
  const started = performance.now();
  const done = await processOutbox(db);
  const ms = performance.now() - started;
  if (!done.length) {
    // The server's own worker (polling every few seconds) took the row first.
    await pool.query('select 1');
    return null;
  }
  return ms;
}

/**
 * The matching phase: 1,000 searches created, then CHANGES changes (adds and updates alternating)
 * each matched by `processOutbox` right after its commit; then a write's own latency, adding
 * properties over HTTP with the outbox row written (and the server's worker matching it after
 * the commit) and without it (a rule makes the outbox insert do nothing), in alternating slices.
 */
export async function measureAlertMatching(
  db: Database,
  pool: pg.Pool,
  rows: number,
  target: HttpTarget | null,
  listing: (() => unknown) | null,
): Promise<AlertFigures> {
  const random = createRandom(34);
  const loadAverage = os.loadavg()[0] ?? 0;
  const { team, followed, members, max } = await createSearches(db, pool, random);
  progress(
    `saved searches: ${SAVED_SEARCHES} created (${followed} followed, ${members} members, ${team.length} users); load average ${loadAverage.toFixed(2)}`,
  );
  const alertsBefore = Number(
    (await pool.query('select count(*) as n from search_alerts')).rows[0]?.n,
  );
  const adds: number[] = [];
  const updates: number[] = [];
  let taken = 0;
  for (let i = 0; i < WARMUP + CHANGES; ) {
    const kind = i % 2 ? 'update' : 'insert';
    const id = (
      await pool.query<{ id: number }>(
        'select id from properties where id >= $1 order by id limit 1',
        [random.int(1, max)],
      )
    ).rows[0]?.id;
    if (!id) continue;
    const ms = await timedChange(db, pool, kind, id, random.pick(team).id, random);
    if (ms === null) {
      taken++;
      continue;
    }
    if (i >= WARMUP) (kind === 'insert' ? adds : updates).push(ms);
    i++;
  }
  const alerts =
    Number((await pool.query('select count(*) as n from search_alerts')).rows[0]?.n) - alertsBefore;
  const all = [...adds, ...updates];
  progress(
    `matching one change against ${followed} followed searches at ${scale(rows)}: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${percentile(all, 95).toFixed(1)} ms (adds p50 ${percentile(adds, 50).toFixed(1)}, updates p50 ${percentile(updates, 50).toFixed(1)}; ${alerts} alerts)`,
  );

  let write: AlertFigures['write'] = null;
  let backToBack: AlertFigures['write'] = null;
  if (target && listing) {
    const outboxOff = async (off: boolean) =>
      pool.query(
        off
          ? 'create rule bench_no_outbox as on insert to property_match_outbox do instead nothing'
          : 'drop rule if exists bench_no_outbox on property_match_outbox',
      );
    await addSlice(target, 10, listing); // warm-up
    const sideBySide = async (pauseMs: number) => {
      const withOutbox: number[] = [];
      const without: number[] = [];
      const rounds: string[] = [];
      try {
        for (let r = 0; r < WRITE_ROUNDS; r++) {
          const order = r % 2 ? [false, true] : [true, false];
          const p50s: string[] = [];
          for (const withIt of order) {
            await outboxOff(!withIt);
            const times = await addSlice(target, WRITE_SLICE, listing, pauseMs);
            await outboxOff(false);
            (withIt ? withOutbox : without).push(...times);
            p50s.push(`${withIt ? 'with' : 'without'} ${percentile(times, 50).toFixed(1)}`);
          }
          rounds.push(p50s.join(' / '));
        }
      } finally {
        await outboxOff(false);
      }
      progress(
        `adding a property${pauseMs ? `, ${pauseMs} ms apart` : ', back to back'}: p50 with the outbox ${percentile(withOutbox, 50).toFixed(1)} ms vs without ${percentile(without, 50).toFixed(1)} ms (rounds: ${rounds.join('; ')})`,
      );
      return { withOutbox, without, rounds };
    };
    write = await sideBySide(WRITE_PAUSE_MS);
    backToBack = await sideBySide(0);
  }
  return {
    rows,
    searches: SAVED_SEARCHES,
    followed,
    members,
    adds,
    updates,
    alerts,
    taken,
    write,
    backToBack,
    loadAverage,
  };
}

/** The phase's lines in the summary and its target: p50 ≤ 20 ms. */
export function alertSummary(f: AlertFigures): { lines: string[]; targets: Target[] } {
  const all = [...f.adds, ...f.updates];
  const p50 = percentile(all, 50);
  const lines = [
    '',
    `Saved searches' matching at ${scale(f.rows)} (ADR 053; load average ${f.loadAverage.toFixed(2)} at the phase's start): ${f.searches} searches, ${f.followed} followed (${f.members} members); ${all.length} changes, ${f.alerts} alerts${f.taken ? `; ${f.taken} taken by the server's worker first, redone` : ''}`,
    `| change | n | p50 ms | p95 ms | max ms |`,
    `|---|---:|---:|---:|---:|`,
    ...(
      [
        ['add', f.adds],
        ['update', f.updates],
        ['all', all],
      ] as const
    ).map(
      ([label, v]) =>
        `| ${label} | ${v.length} | ${percentile(v, 50).toFixed(1)} | ${percentile(v, 95).toFixed(1)} | ${num(Math.max(...v), 1)} |`,
    ),
  ];
  for (const [label, w] of [
    [`${WRITE_PAUSE_MS} ms apart`, f.write],
    ['back to back', f.backToBack],
  ] as const)
    if (w)
      lines.push(
        `Adding a property (POST /api/properties/add, one connection, ${label}; ${WRITE_ROUNDS} rounds of ${WRITE_SLICE} with and ${WRITE_SLICE} without the outbox row, alternating): with p50 ${percentile(w.withOutbox, 50).toFixed(1)} ms p95 ${percentile(w.withOutbox, 95).toFixed(1)} ms; without p50 ${percentile(w.without, 50).toFixed(1)} ms p95 ${percentile(w.without, 95).toFixed(1)} ms`,
        `  rounds (p50 ms): ${w.rounds.join('; ')}`,
      );
  const targets: Target[] = [
    {
      name: `(q) saved searches: one change against ${f.searches} searches at ${scale(f.rows)}, p50 ≤ ${MATCH_P50_MS} ms`,
      pass: p50 <= MATCH_P50_MS,
      detail: `${p50.toFixed(1)} ms (p95 ${percentile(all, 95).toFixed(1)} ms, ${all.length} changes)`,
    },
  ];
  if (f.write) {
    const a = percentile(f.write.withOutbox, 50);
    const b = percentile(f.write.without, 50);
    targets.push({
      name: `(r) saved searches: adding a property ${WRITE_PAUSE_MS} ms apart, p50 with the outbox unchanged (within 10% or 1 ms of without)`,
      pass: a <= Math.max(b * 1.1, b + 1),
      detail: `${a.toFixed(1)} ms with, ${b.toFixed(1)} ms without`,
    });
  }
  return { lines, targets };
}
