import { issue, UnsubscribeQuerySchema, UnsubscribeResultSchema } from '@bec/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validationError } from '../../lib/app-error.js';
import { fileResponses, ok, responses } from '../../lib/http.js';
import { allow } from '../../lib/route-config.js';
import { escapeHtml, UNSUBSCRIBE_PAGE, unsubscribePage } from './alert-mail.content.js';
import type { Locale } from './alert-mail.repository.js';
import type { Unsubscribe } from './alert-mail.service.js';

/*
 * The alert mails' one-click unsubscribe (ADR 054, RFC 8058), without a session: the signed token
 * names the user and the search. POST turns the subscription's mail off (mail programs post
 * `List-Unsubscribe=One-Click`); GET shows a page whose button posts. Used twice, it says so.
 */

const PATH = '/saved-searches/unsubscribe';
/** No token: the link itself is the credential. */
const PUBLIC: [] = [];

const tampered = () =>
  validationError([issue('token', 'link_tampered')], 'The unsubscribe link is refused');

const wantsHtml = (request: FastifyRequest) =>
  /text\/html/.test(request.headers.accept ?? '') &&
  !/application\/json/.test(request.headers.accept ?? '');

const html = (reply: FastifyReply, status: number, page: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(page);

/** The language of a page nobody is signed in to: the user's, else the browser's, else es-CL. */
const pageLocale = (locale: Locale | null | undefined, request: FastifyRequest): Locale =>
  locale ?? (/^en\b/i.test(request.headers['accept-language'] ?? '') ? 'en' : 'es-CL');

export const alertMailRoutes: FastifyPluginAsyncZod<{ unsubscribe: Unsubscribe }> = async (
  app,
  { unsubscribe },
) => {
  // Mail programs (and the page's form) post a form body: read here only, and only this small.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, { form: String(body) }),
  );

  app.get(
    PATH,
    {
      schema: {
        tags: ['saved searches'],
        security: PUBLIC,
        summary:
          "An alert mail's unsubscribe link, opened in a browser: a page whose button turns the search's mail off (no session needed)",
        querystring: UnsubscribeQuerySchema,
        response: fileResponses(
          'text/html',
          'The page with its button, or why the link is refused',
          [400],
        ),
      },
      config: allow('public'),
    },
    async (request, reply) => {
      const found = await unsubscribe.check(request.query.token);
      if (!found) {
        const t = UNSUBSCRIBE_PAGE[pageLocale(null, request)];
        return html(
          reply,
          400,
          unsubscribePage(pageLocale(null, request), `<p>${escapeHtml(t.invalid)}</p>`),
        );
      }
      const locale = pageLocale(found.member?.locale, request);
      const t = UNSUBSCRIBE_PAGE[locale];
      if (!found.member)
        return html(reply, 200, unsubscribePage(locale, `<p>${escapeHtml(t.gone)}</p>`));
      if (found.member.email === 'off')
        return html(
          reply,
          200,
          unsubscribePage(
            locale,
            `<p>${escapeHtml(t.already(found.member.name))}</p><p>${escapeHtml(t.inApp)}</p>`,
          ),
        );
      const action = `/api${PATH}?token=${encodeURIComponent(request.query.token)}`;
      return html(
        reply,
        200,
        unsubscribePage(
          locale,
          `<p>${escapeHtml(t.ask(found.member.name))}</p>` +
            `<form method="post" action="${escapeHtml(action)}">` +
            '<input type="hidden" name="List-Unsubscribe" value="One-Click">' +
            `<button type="submit">${escapeHtml(t.button)}</button></form>` +
            `<p>${escapeHtml(t.inApp)}</p>`,
        ),
      );
    },
  );

  app.post(
    PATH,
    {
      schema: {
        tags: ['saved searches'],
        security: PUBLIC,
        summary:
          "One-click unsubscribe (RFC 8058) from a saved search's mail, no session needed; a second use answers that it was already done",
        querystring: UnsubscribeQuerySchema,
        response: responses(200, UnsubscribeResultSchema, [400]),
      },
      config: allow('public'),
    },
    async (request, reply) => {
      const result = await unsubscribe.unsubscribe(request.query.token);
      const browser = wantsHtml(request);
      if (!result) {
        if (!browser) throw tampered();
        const locale = pageLocale(null, request);
        return html(
          reply,
          400,
          unsubscribePage(locale, `<p>${escapeHtml(UNSUBSCRIBE_PAGE[locale].invalid)}</p>`),
        );
      }
      const name = result.member?.name ?? null;
      if (browser) {
        const locale = pageLocale(result.member?.locale, request);
        const t = UNSUBSCRIBE_PAGE[locale];
        const text = name === null ? t.gone : result.already ? t.already(name) : t.done(name);
        return html(
          reply,
          200,
          unsubscribePage(locale, `<p>${escapeHtml(text)}</p><p>${escapeHtml(t.inApp)}</p>`),
        );
      }
      return ok(
        result.already ? 'Mail from this search was already off' : 'Mail from this search is off',
        { saved_search_name: name, already: result.already },
      );
    },
  );
};
