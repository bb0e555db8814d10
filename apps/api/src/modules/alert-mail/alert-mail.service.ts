import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.js';
import { chileDate } from '../../lib/chile-date.js';
import type { UrlSigner } from '../../plugins/app/storage/url-signer.js';
import { digestMail, immediateMail, type MailContent } from './alert-mail.content.js';
import * as repo from './alert-mail.repository.js';

/*
 * Saved searches' alert mail (ADR 054): immediate mails are queued by the
 * matching with their alerts, the daily digest at 08:00 America/Santiago; a sender in every
 * process claims due rows with a lease, sends outside any transaction and marks them sent.
 */

/** A message to hand to the SMTP server (nodemailer's fields). */
export type OutgoingMail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  headers: Record<string, string>;
};
/** Sends one message; rejects when the server did not accept it. */
export type MailTransport = { send: (mail: OutgoingMail) => Promise<unknown>; close: () => void };

/** How long a claim holds a row: far above SEND_TIMEOUT_MS, so a send ends before it runs out. */
export const MAIL_LEASE_MS = 5 * 60_000;
/** The whole SMTP call at most (nodemailer's own timeouts are per step). */
const SEND_TIMEOUT_MS = 60_000;
/** Tries before a mail is given up (its error kept): waits of 1, 2, 4, … 64 minutes, about 2 hours in all. */
export const MAX_MAIL_ATTEMPTS = 8;
const BACKOFF_BASE_MS = 60_000;
const BACKOFF_MAX_MS = 2 * 3_600_000;
const SEND_BATCH = 20;
/** How often each process looks for due mail. */
export const MAIL_POLL_MS = 10_000;
/** The digest's hour in Chile. */
const DIGEST_HOUR = 8;

/** Wait before try `attempts + 1`: 1 min, 2, 4, … capped at 2 h. */
const backoffMs = (attempts: number) =>
  Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);

const santiagoHour = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/Santiago',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The unsubscribe token: the user and the search, signed (HMAC with URL_SIGNING_SECRET's key). */
export function unsubscribeTokens(signer: UrlSigner) {
  const payload = (userId: number, searchId: number) => `unsubscribe:${userId}:${searchId}`;
  return {
    sign: (userId: number, searchId: number) =>
      `${userId}.${searchId}.${signer.sign(payload(userId, searchId))}`,
    /** The user and search a token names; null when it is malformed or its signature wrong. */
    verify(token: string): { userId: number; searchId: number } | null {
      const match = /^(\d{1,10})\.(\d{1,10})\.([\w-]{20,100})$/.exec(token);
      if (!match) return null;
      const userId = Number(match[1]);
      const searchId = Number(match[2]);
      return signer.verify(payload(userId, searchId), match[3] as string)
        ? { userId, searchId }
        : null;
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;

export type AlertMailOptions = {
  transport: MailTransport;
  from: string;
  publicUrl: string;
  tokens: UnsubscribeTokens;
  onError: (err: unknown, context: { mailId?: number }) => void;
};

export function createAlertMail(db: Database, options: AlertMailOptions) {
  const { transport, from, publicUrl, tokens } = options;
  const host = new URL(publicUrl).hostname;
  const links = (userId: number) => ({
    property: (id: number) => `${publicUrl}/properties/${id}`,
    unsubscribe: (searchId: number) =>
      `${publicUrl}/api/saved-searches/unsubscribe?token=${tokens.sign(userId, searchId)}`,
  });

  /** The message of a claimed row; null when nothing is left to tell (alerts gone, mail off). */
  async function compose(row: repo.ClaimedMail): Promise<OutgoingMail | null> {
    const user = await repo.recipient(db, row.user_id);
    if (!user) return null;
    const locale = user.locale ?? 'es-CL';
    const userLinks = links(user.id);
    let content: MailContent;
    let unsubscribeSearch: number;
    if (row.kind === 'alert') {
      const [alert] = await repo.mailAlerts(db, user.id, [row.alert_id ?? 0], 'immediate');
      if (!alert) return null;
      content = immediateMail(user, alert, locale, userLinks);
      unsubscribeSearch = alert.saved_search_id;
    } else {
      const alerts = await repo.mailAlerts(db, user.id, row.alert_ids ?? [], 'daily');
      if (!alerts.length) return null;
      content = digestMail(user, alerts, locale, userLinks);
      unsubscribeSearch = (alerts[0] as repo.MailAlert).saved_search_id;
    }
    const unsubscribe = userLinks.unsubscribe(unsubscribeSearch);
    // One Message-ID per row, whatever the try: a copy sent again after a crash is the same
    // message to the recipient's server and mail program.
    const digest = createHash('sha256').update(`${host}:mail:${row.id}`).digest('hex').slice(0, 24);
    return {
      from,
      to: user.email,
      ...content,
      messageId: `<alert-${row.id}.${digest}@${host}>`,
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'Auto-Submitted': 'auto-generated',
      },
    };
  }

  async function sendOne(row: repo.ClaimedMail, now: () => Date) {
    let mail: OutgoingMail | null;
    try {
      mail = await compose(row);
      if (mail) {
        const sending = transport.send(mail);
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`the SMTP server did not answer in ${SEND_TIMEOUT_MS} ms`)),
            SEND_TIMEOUT_MS,
          );
        });
        try {
          await Promise.race([sending, timeout]);
        } finally {
          clearTimeout(timer);
        }
      }
    } catch (err) {
      const at = now();
      const retryAt =
        row.attempts >= MAX_MAIL_ATTEMPTS ? null : new Date(at.getTime() + backoffMs(row.attempts));
      const message = err instanceof Error ? err.message : String(err);
      await repo.markFailed(db, row.id, message.slice(0, 1000), at, retryAt);
      options.onError(err, { mailId: row.id });
      return false;
    }
    // Marked at once, in one statement: the only window in which a crash sends a mail twice.
    await repo.markSent(db, row.id, now());
    return mail !== null;
  }

  /**
   * Sends every mail due (as of `now`): claims a batch, sends each outside any transaction,
   * marks it; again until none is due. Answers how many were sent.
   */
  async function sendDue(now: () => Date = () => new Date()): Promise<number> {
    let sent = 0;
    for (;;) {
      const rows = await repo.claimDue(db, now(), MAIL_LEASE_MS, SEND_BATCH);
      for (const row of rows) if (await sendOne(row, now)) sent++;
      if (rows.length < SEND_BATCH) return sent;
    }
  }

  /**
   * Queues the day's digests when it is 08:00 or later in Chile (every process, every minute: the
   * unique (user, day) keeps one per user and day, and a process down at 08:00 catches up).
   */
  async function enqueueDigests(now: Date = new Date()): Promise<number> {
    if (Number(santiagoHour.format(now)) < DIGEST_HOUR) return 0;
    return repo.enqueueDigests(db, chileDate(now), now);
  }

  return { sendDue, enqueueDigests };
}
export type AlertMail = ReturnType<typeof createAlertMail>;

/** The unsubscribe link's use, without a session: the token names the user and the search. */
export function createUnsubscribe(db: Database, tokens: UnsubscribeTokens) {
  return {
    /** null: the token is refused; else the search's name (null: gone) and the user's language. */
    async check(token: string) {
      const who = tokens.verify(token);
      if (!who) return null;
      const member = await repo.membership(db, who.userId, who.searchId);
      return { ...who, member };
    },
    async unsubscribe(token: string) {
      const who = tokens.verify(token);
      if (!who) return null;
      const member = await repo.membership(db, who.userId, who.searchId);
      const changed = member ? await repo.turnMailOff(db, who.userId, who.searchId) : false;
      return { member, already: !changed };
    },
  };
}
export type Unsubscribe = ReturnType<typeof createUnsubscribe>;
