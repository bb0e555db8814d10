import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client.js';

/*
 * The alert mail's outbox (ADR 054): rows written with the alerts (immediate) or once per user and
 * day (digest), claimed with a lease, sent outside any transaction, marked.
 */

export type Locale = 'es-CL' | 'en';

/**
 * The immediate mails of alerts just inserted (the matching's transaction): one per alert whose
 * subscription says `immediate`. The unique index on `alert_id` keeps it to one.
 */
export async function enqueueImmediate(tx: Database, alertIds: number[]) {
  if (!alertIds.length) return;
  await tx.execute(
    sql`insert into mail_outbox (kind, user_id, alert_id)
        select 'alert', a.user_id, a.id
        from search_alerts a
        join saved_search_members m
          on m.saved_search_id = a.saved_search_id and m.user_id = a.user_id
        where a.id in (${sql.join(
          alertIds.map((id) => sql`${id}::bigint`),
          sql`, `,
        )})
          and m.email = 'immediate' and m.subscribed
        on conflict do nothing`,
  );
}

/**
 * One digest row per user with a daily subscription for `day` (unique per user and day: every
 * process may run this, one row wins), listing their alerts of daily searches since their
 * previous digest (the first: the last 24 hours). A day with no alerts gets a row already marked
 * sent (nothing is mailed) so that the day counts as done. Answers how many rows are to be sent.
 */
export async function enqueueDigests(db: Database, day: string, now: Date): Promise<number> {
  const rows = await queryRows<{ id: string; sent_at: Date | null }>(
    db,
    sql`with daily as (
          select distinct m.user_id from saved_search_members m
          where m.email = 'daily' and m.subscribed
            and not exists (select 1 from mail_outbox d
                            where d.user_id = m.user_id and d.digest_day = ${day}::date)
        ),
        previous as (
          select daily.user_id,
                 (select max(x) from mail_outbox d, unnest(d.alert_ids) x
                  where d.user_id = daily.user_id and d.kind = 'digest') as last_alert
          from daily
        ),
        listed as (
          select p.user_id,
                 coalesce(array_agg(a.id order by a.id) filter (where a.id is not null),
                          '{}'::bigint[]) as ids
          from previous p
          left join lateral (
            select a.id from search_alerts a
            join saved_search_members m
              on m.saved_search_id = a.saved_search_id and m.user_id = a.user_id
            where a.user_id = p.user_id and m.email = 'daily' and m.subscribed
              and (case when p.last_alert is null
                        then a.created_at > ${now}::timestamptz - interval '1 day'
                        else a.id > p.last_alert end)
          ) a on true
          group by p.user_id
        )
        insert into mail_outbox (kind, user_id, digest_day, alert_ids, sent_at, created_at)
        select 'digest', l.user_id, ${day}::date, l.ids,
               case when cardinality(l.ids) = 0 then ${now}::timestamptz end, ${now}::timestamptz
        from listed l
        on conflict do nothing
        returning id, sent_at`,
  );
  return rows.filter((r) => !r.sent_at).length;
}

export type ClaimedMail = {
  id: number;
  kind: 'alert' | 'digest';
  user_id: number;
  alert_id: number | null;
  digest_day: string | null;
  alert_ids: number[] | null;
  attempts: number;
};

/**
 * Claims up to `limit` mails due at `now` for `leaseMs`, in one statement (its own short
 * transaction): rows another sender is claiming are skipped (SKIP LOCKED), rows whose lease runs
 * are not due. Each claim counts as an attempt.
 */
export const claimDue = (db: Database, now: Date, leaseMs: number, limit: number) =>
  queryRows<ClaimedMail>(
    db,
    sql`update mail_outbox set lease_until = ${new Date(now.getTime() + leaseMs)}::timestamptz,
                               attempts = attempts + 1
        where id in (
          select id from mail_outbox
          where sent_at is null and failed_at is null and next_attempt_at <= ${now}::timestamptz
            and (lease_until is null or lease_until <= ${now}::timestamptz)
          order by id limit ${limit}
          for update skip locked)
        returning id::float8 as id, kind, user_id, alert_id::float8 as alert_id, digest_day::text as digest_day,
                  alert_ids::float8[] as alert_ids, attempts`,
  );

export async function markSent(db: Database, id: number, now: Date) {
  await db.execute(
    sql`update mail_outbox set sent_at = ${now}::timestamptz, lease_until = null where id = ${id}`,
  );
}

/** A failed try: tried again at `retryAt`, or given up (`retryAt` null); the error kept. */
export async function markFailed(
  db: Database,
  id: number,
  error: string,
  now: Date,
  retryAt: Date | null,
) {
  await db.execute(
    sql`update mail_outbox set lease_until = null, last_error = ${error},
          next_attempt_at = coalesce(${retryAt}::timestamptz, next_attempt_at),
          failed_at = case when ${retryAt}::timestamptz is null then ${now}::timestamptz end
        where id = ${id}`,
  );
}

export type Recipient = { id: number; email: string; name: string; locale: Locale | null };

export const recipient = async (db: Database, userId: number) =>
  (
    await queryRows<Recipient>(
      db,
      sql`select id, email, name, locale from users where id = ${userId}`,
    )
  )[0] ?? null;

export type MailAlert = {
  id: number;
  saved_search_id: number;
  saved_search_name: string;
  property_id: number;
  property_name: string;
  price_amount: number;
  price_unit: 'CLP' | 'UF';
  city_name: string | null;
  reason: 'added' | 'now_matches';
};

/**
 * The alerts still worth mailing to `userId`: still there (a deleted property or search takes its
 * alerts), of a search they still follow with mail `mode`, and can still see.
 */
export const mailAlerts = (
  db: Database,
  userId: number,
  ids: number[],
  mode: 'immediate' | 'daily',
) =>
  ids.length
    ? queryRows<MailAlert>(
        db,
        sql`select a.id::float8 as id, s.id as saved_search_id, s.name as saved_search_name,
                   p.id as property_id, p.name as property_name,
                   p.price_amount::float8 as price_amount, p.price_unit, c.name as city_name,
                   a.reason
            from search_alerts a
            join saved_searches s on s.id = a.saved_search_id
            join saved_search_members m on m.saved_search_id = s.id and m.user_id = a.user_id
            join properties p on p.id = a.property_id
            left join cities c on c.id = p.city_id
            where a.user_id = ${userId}
              and a.id in (${sql.join(
                ids.map((id) => sql`${id}::bigint`),
                sql`, `,
              )})
              and m.subscribed and m.email = ${mode}
              and (s.scope = 'shared' or s.owner_id = a.user_id)
            order by s.name, a.id`,
      )
    : Promise.resolve([] as MailAlert[]);

/** A user's membership of a search: its name and mail choice (null: no such search or member). */
export const membership = async (db: Database, userId: number, searchId: number) =>
  (
    await queryRows<{ name: string; email: string; locale: Locale | null }>(
      db,
      sql`select s.name, m.email, u.locale
          from saved_searches s
          join saved_search_members m on m.saved_search_id = s.id and m.user_id = ${userId}
          join users u on u.id = m.user_id
          where s.id = ${searchId}`,
    )
  )[0] ?? null;

/** Turns a subscription's mail off; answers whether it was on. */
export async function turnMailOff(db: Database, userId: number, searchId: number) {
  const rows = await queryRows<{ user_id: number }>(
    db,
    sql`update saved_search_members set email = 'off'
        where saved_search_id = ${searchId} and user_id = ${userId} and email <> 'off'
        returning user_id`,
  );
  return rows.length > 0;
}
