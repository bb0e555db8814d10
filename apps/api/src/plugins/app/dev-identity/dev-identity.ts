import middie from '@fastify/middie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import Provider, { errors, type KoaContextWithOIDC } from 'oidc-provider';
import { z } from 'zod';
import { DEV_ACCOUNTS, devSubject } from './dev-accounts.js';
import type { DevKeys } from './dev-keys.js';
import { errorPage, logoutPage, signedOutPage, signInPage } from './dev-pages.js';
import { createDevStore } from './dev-store.js';

export type DevIdentityOptions = {
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
  email: z.email({ error: 'Enter a valid email address.' }).transform((e) => e.toLowerCase()),
  name: z
    .string()
    .trim()
    .max(100, { error: 'The name must be at most 100 characters.' })
    .optional(),
});

const HOUR = 3600;
const DAY = 24 * HOUR;

/**
 * A real OpenID provider (oidc-provider) mounted at /oidc, standing in for Google during
 * development: the SPA signs in through the same Authorization Code + PKCE flow and the API
 * verifies the same kind of JWT access tokens as in production.
 */
async function devIdentity(app: FastifyInstance, options: DevIdentityOptions) {
  const { audience, clientId } = options;
  const names = new Map(DEV_ACCOUNTS.map((a) => [devSubject(a.email), a.name]));
  const accountOf = (sub: string) => {
    if (!sub.startsWith('dev:')) return undefined;
    const email = sub.slice(4);
    return { email, name: names.get(sub) ?? email.split('@')[0] ?? email };
  };

  const store = await createDevStore(options.dataDir);
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
          ctx.body = logoutPage(ctx.host, form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = signedOutPage();
        },
      },
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(
        String(out.error),
        out.error_description ? String(out.error_description) : undefined,
      );
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
  // Behind a TLS-terminating proxy the provider must build https URLs from X-Forwarded-*.
  provider.proxy = true;

  app.addHook('onClose', () => store.flush());
  await app.register(middie);
  app.use('/oidc', provider.callback());

  const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(html);

  const expired = (reply: FastifyReply) =>
    sendHtml(
      reply,
      errorPage(
        'expired',
        'This sign-in attempt has expired or was already used. Go back to BEC and sign in again.',
      ),
      400,
    );

  await app.register(async (signin) => {
    signin.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(body.toString()))),
    );

    const pageFor = (uid: string, extra: Partial<Parameters<typeof signInPage>[0]> = {}) =>
      signInPage({
        action: `/dev-signin/${uid}`,
        abortAction: `/dev-signin/${uid}/abort`,
        accounts: DEV_ACCOUNTS,
        clientName: 'BEC',
        ...extra,
      });

    signin.get<{ Params: { uid: string } }>('/dev-signin/:uid', async (request, reply) => {
      const interaction = await provider
        .interactionDetails(request.raw, reply.raw)
        .catch(() => null);
      if (!interaction || interaction.uid !== request.params.uid) return expired(reply);
      if (interaction.prompt.name === 'login') return sendHtml(reply, pageFor(interaction.uid));
      // Any other prompt (consent) for our first-party client: grant and go on.
      const accountId = interaction.session?.accountId;
      if (!accountId) return expired(reply);
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
        const interaction = await provider
          .interactionDetails(request.raw, reply.raw)
          .catch(() => null);
        if (!interaction || interaction.uid !== request.params.uid) return expired(reply);
        const form = SignInFormSchema.safeParse(request.body ?? {});
        if (!form.success) {
          const values = { email: request.body?.email ?? '', name: request.body?.name ?? '' };
          return sendHtml(
            reply,
            pageFor(interaction.uid, { error: form.error.issues[0]?.message, values }),
            400,
          );
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
      const interaction = await provider
        .interactionDetails(request.raw, reply.raw)
        .catch(() => null);
      if (!interaction || interaction.uid !== request.params.uid) return expired(reply);
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
