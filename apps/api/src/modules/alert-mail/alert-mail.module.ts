import type { ApiModule } from '../module-context.js';
import { alertMailRoutes } from './alert-mail.routes.js';
import {
  type AlertMail,
  createAlertMail,
  createUnsubscribe,
  MAIL_POLL_MS,
  unsubscribeTokens,
} from './alert-mail.service.js';
import { createSmtpTransport } from './smtp-transport.js';

/** How often each process checks whether the day's alert digests are due. */
const DIGEST_CHECK_MS = 60_000;

/**
 * Alert mail (ADR 054), only with SMTP_URL: the matching queues immediate mails with their alerts
 * (app.ts); the digest and the sender are jobs. The unsubscribe links work either way.
 */
export const alertMailModule: ApiModule = async (app, context) => {
  const { db, config, signer } = context;
  const tokens = unsubscribeTokens(signer);
  await app.register(alertMailRoutes, { unsubscribe: createUnsubscribe(db, tokens) });
  const transport = config.mail
    ? (context.mailTransport ?? createSmtpTransport(config.mail.smtpUrl))
    : null;
  if (transport) context.jobs.afterStop(async () => transport.close());
  const alertMail =
    config.mail && transport
      ? createAlertMail(db, {
          transport,
          from: config.mail.from,
          publicUrl: config.publicUrl,
          tokens,
          onError: (err, mail) =>
            app.log.warn({ err, ...mail }, 'sending an alert mail failed; it is tried again later'),
        })
      : null;
  context.jobs.expose('enqueueAlertDigests', async (now?: Date) =>
    alertMail ? alertMail.enqueueDigests(now) : 0,
  );
  context.jobs.expose('sendAlertMail', async (now?: () => Date) =>
    alertMail ? alertMail.sendDue(now) : 0,
  );
  if (alertMail && context.mailJobs) alertMailJobs(app, context, alertMail);
};

function alertMailJobs(
  app: Parameters<ApiModule>[0],
  { jobs }: Parameters<ApiModule>[1],
  alertMail: AlertMail,
) {
  // The daily digest: every minute, queued once it is 08:00 in Chile (one per user and day
  // across processes: a unique key), then sent at once.
  jobs.every(
    DIGEST_CHECK_MS,
    async () => {
      if (await alertMail.enqueueDigests()) await alertMail.sendDue();
    },
    { onError: (err) => app.log.warn({ err }, 'queueing alert digests failed') },
  );
  // Due alert mail, every 10 s in every process: each claim leases its rows to one.
  jobs.every(MAIL_POLL_MS, () => alertMail.sendDue(), {
    onError: (err) => app.log.warn({ err }, 'sending alert mail failed'),
  });
}
