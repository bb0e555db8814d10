import { LOCALES, type Locale } from '@bec/contracts';
import middie from '@fastify/middie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import Provider, { errors, type KoaContextWithOIDC } from 'oidc-provider';
import { z } from 'zod';
import { DEV_ACCOUNTS, DEV_NAME_MAX, devSubject } from './dev-accounts.js';
import type { DevKeys } from './dev-keys.js';
import { errorPage, logoutPage, otherLocale, signedOutPage, signInPage } from './dev-pages.js';
import { createDevStore } from './dev-store.js';
import { type DevTexts, devTexts, pageLocale } from './dev-texts.js';

type DevIdentityOptions = {
  issuer: string;
  audience: string;
  clientId: string;
  /** Origins the SPA may run on (the app itself, Vite's dev server). */
  appOrigins: string[];
  keys: DevKeys;
  /** Where sessions and refresh tokens are kept across restarts. */
  dataDir: string;
};

const SignInFormSchema = z.object({
  email: z.email().transform((e) => e.toLowerCase()),
  name: z.string().trim().max(DEV_NAME_MAX).optional(),
});

/** The sign-in pages' own parameter: the language picked on the page (its language link). */
const PageQuerySchema = z.object({ lang: z.enum(LOCALES).optional() });

/** The texts of a page for `request`, in the language the person or the app chose (dev-texts.ts). */
function textsFor(request: FastifyRequest, lang: Locale | undefined, uiLocales?: unknown) {
  return devTexts(
    pageLocale({ lang, uiLocales, acceptLanguage: request.headers['accept-language'] }),
  );
}

/** The oidc-provider's own pages (sign-out, errors): the request's ui_locales, else the browser's. */
const providerTexts = (ctx: KoaContextWithOIDC) =>
  devTexts(
    pageLocale({
      uiLocales: ctx.oidc?.params?.ui_locales,
      acceptLanguage: ctx.get('accept-language'),
    }),
  );

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * A real OpenID provider (oidc-provider) mounted at /oidc, standing in for Google during
 * development: the SPA signs in through the same Authorization Code + PKCE flow and the API
 * verifies the same kind of JWT access tokens as in production.
 */
async function devIdentity(app: FastifyInstance, options: DevIdentityOptions) {
  const names = new Map(DEV_ACCOUNTS.map((a) => [devSubject(a.email), a.name]));
  const store = await createDevStore(options.dataDir);
  const provider = createProvider(options, store, names);
  // Behind a TLS-terminating proxy the provider must build https URLs from X-Forwarded-*.
  provider.proxy = true;

  app.addHook('onClose', () => store.flush());
  await app.register(middie);
  app.use('/oidc', provider.callback());
  await signInPages(app, options, provider, names);
}

type DevStore = Awaited<ReturnType<typeof createDevStore>>;

/** The OpenID provider: BEC's one client, its accounts, tokens for the API's audience. */
function createProvider(options: DevIdentityOptions, store: DevStore, names: Map<string, string>) {
  const { audience, clientId } = options;
  const accountOf = (sub: string) => {
    if (!sub.startsWith('dev:')) return undefined;
    const email = sub.slice(4);
    return { email, name: names.get(sub) ?? email.split('@')[0] ?? email };
  };

  const provider = new Provider(options.issuer, {
    adapter: store.Adapter,
    clients: [
      {
        client_id: clientId,
        client_name: 'BEC',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: options.appOrigins.map((o) => `${o}/auth/callback`),
        post_logout_redirect_uris: options.appOrigins.map((o) => `${o}/home`),
      },
    ],
    jwks: { keys: options.keys.signing },
    cookies: { keys: options.keys.cookies },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, sub) => {
      const account = accountOf(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: true,
          name: account.name,
        }),
      };
    },
    // The API reads who is calling from the access token itself, as with most providers.
    extraTokenClaims: async (_ctx, token) => {
      const account =
        'accountId' in token && token.accountId ? accountOf(token.accountId) : undefined;
      return account
        ? { email: account.email, email_verified: true, name: account.name }
        : undefined;
    },
    interactions: { url: (_ctx, interaction) => `/dev-signin/${interaction.uid}` },
    // Its pages speak the app's two languages, the one asked for by ui_locales first.
    discovery: { ui_locales_supported: [...LOCALES] },
    // oidc-provider keeps offline_access only with prompt=consent, which no SPA should have to
    // send: our first-party client gets refresh tokens (rotated on every use) for renewal.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // BEC is a first-party client: grant what it asks for, no consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid offline_access profile email');
      grant.addOIDCClaims(['email', 'email_verified', 'name']);
      grant.addResourceScope(audience, 'openid offline_access profile email');
      await grant.save();
      return grant;
    },
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== audience) throw new errors.InvalidTarget();
          return {
            scope: 'openid offline_access profile email',
            audience,
            accessTokenTTL: HOUR,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutPage(providerTexts(ctx), ctx.host, form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage(providerTexts(ctx));
        },
      },
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      const texts = providerTexts(ctx);
      // The provider's own description is English, technical: shown as the detail.
      const detail = String(out.error_description ?? out.error);
      ctx.body = errorPage(texts, texts.t('error.provider', { detail }));
    },
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    ttl: {
      AccessToken: HOUR,
      AuthorizationCode: 60,
      IdToken: HOUR,
      Interaction: HOUR,
      Grant: 14 * DAY,
      Session: 14 * DAY,
      RefreshToken: 14 * DAY,
    },
  });
  return provider;
}

/** `/dev-signin/:uid`: the page that picks or names an account, and its cancel. */
async function signInPages(
  app: FastifyInstance,
  { audience, clientId }: DevIdentityOptions,
  provider: Provider,
  names: Map<string, string>,
) {
  const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);

  const expired = (reply: FastifyReply, texts: DevTexts) =>
    sendHtml(reply, errorPage(texts, texts.t('error.expired')), 400);

  /**
   * The page's language link (`?lang=`), or a 400 page naming it when it is not one of ours (in
   * the language the request would otherwise get).
   */
  const pageQuery = (request: FastifyRequest, reply: FastifyReply) => {
    const query = PageQuerySchema.safeParse(request.query ?? {});
    if (query.success) return query.data;
    const texts = textsFor(request, undefined);
    const message = texts.t('error.badLanguage', { options: LOCALES.join(', ') });
    void sendHtml(reply, errorPage(texts, message), 400);
    return null;
  };

  /**
   * The sign-in in progress that a page of `/dev-signin/:uid` continues, with the texts to answer
   * in; null once a 400 page is sent (a bad `?lang=`, or the sign-in expired or is another one).
   */
  const currentInteraction = async (
    request: FastifyRequest<{ Params: { uid: string } }>,
    reply: FastifyReply,
  ) => {
    const query = pageQuery(request, reply);
    if (!query) return null;
    const interaction = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
    const texts = textsFor(request, query.lang, interaction?.params.ui_locales);
    if (!interaction || interaction.uid !== request.params.uid) {
      await expired(reply, texts);
      return null;
    }
    return { interaction, texts };
  };

  await app.register(async (signin) => {
    signin.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body.toString()))),
    );

    /** The sign-in page; its forms carry its language, so a refused submission keeps it. */
    const pageFor = (
      uid: string,
      texts: DevTexts,
      extra: Pick<Parameters<typeof signInPage>[0], 'error' | 'values'> = {},
    ) => {
      const lang = `?lang=${encodeURIComponent(texts.locale)}`;
      return signInPage({
        texts,
        action: `/dev-signin/${uid}${lang}`,
        abortAction: `/dev-signin/${uid}/abort${lang}`,
        otherLanguageHref: `/dev-signin/${uid}?lang=${encodeURIComponent(otherLocale(texts.locale))}`,
        accounts: DEV_ACCOUNTS,
        clientName: 'BEC',
        ...extra,
      });
    };

    signin.get<{ Params: { uid: string } }>('/dev-signin/:uid', async (request, reply) => {
      const current = await currentInteraction(request, reply);
      if (!current) return reply;
      const { interaction, texts } = current;
      if (interaction.prompt.name === 'login')
        return sendHtml(reply, pageFor(interaction.uid, texts));
      // Any other prompt (consent) for our first-party client: grant and go on.
      const accountId = interaction.session?.accountId;
      if (!accountId) return expired(reply, texts);
      const grant = new provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid offline_access profile email');
      grant.addOIDCClaims(['email', 'email_verified', 'name']);
      grant.addResourceScope(audience, 'openid offline_access profile email');
      const grantId = await grant.save();
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
    });

    signin.post<{ Params: { uid: string }; Body: Record<string, string> }>(
      '/dev-signin/:uid',
      async (request, reply) => {
        const current = await currentInteraction(request, reply);
        if (!current) return reply;
        const { interaction, texts } = current;
        const form = SignInFormSchema.safeParse(request.body ?? {});
        if (!form.success) {
          const values = { email: request.body?.email ?? '', name: request.body?.name ?? '' };
          const error =
            form.error.issues[0]?.path[0] === 'name'
              ? texts.t('signIn.nameTooLong', { max: DEV_NAME_MAX })
              : texts.t('signIn.invalidEmail');
          return sendHtml(reply, pageFor(interaction.uid, texts, { error, values }), 400);
        }
        const sub = devSubject(form.data.email);
        names.set(
          sub,
          form.data.name || names.get(sub) || form.data.email.split('@')[0] || form.data.email,
        );
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId: sub } },
          { mergeWithLastSubmission: false },
        );
      },
    );

    signin.post<{ Params: { uid: string } }>('/dev-signin/:uid/abort', async (request, reply) => {
      if (!(await currentInteraction(request, reply))) return reply;
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'Sign-in was cancelled.' },
        { mergeWithLastSubmission: false },
      );
    });
  });
}

export default fp(devIdentity, { name: 'dev-identity' });
