import { createHash, randomBytes } from 'node:crypto';

/**
 * A minimal browser: follows redirects by hand and keeps cookies, for the sign-in flow; sends
 * `languages` as its Accept-Language when given.
 */
function createBrowser(languages?: string) {
  const cookies = new Map<string, string>();
  return async function request(url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (languages !== undefined && !headers.has('accept-language'))
      headers.set('accept-language', languages);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (!name) continue;
      if (/expires=Thu, 01 Jan 1970/i.test(line)) cookies.delete(name.trim());
      else cookies.set(name.trim(), value.join('='));
    }
    return response;
  };
}

export type Tokens = {
  access_token: string;
  refresh_token?: string;
  id_token: string;
  expires_in: number;
};

const form = (values: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(values).toString(),
});

/**
 * Starts an authorization request (asking for the app's language when `uiLocales` is given) and
 * answers the sign-in page's URL (cookies in `browser`).
 */
export async function startSignIn(
  base: string,
  options: { uiLocales?: string; languages?: string } = {},
) {
  const browser = createBrowser(options.languages);
  const authorize = new URL(`${base}/oidc/auth`);
  authorize.search = new URLSearchParams({
    client_id: 'bec-web',
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: `${base}/auth/callback`,
    code_challenge: createHash('sha256').update('v'.repeat(43)).digest('base64url'),
    code_challenge_method: 'S256',
    state: 's',
    ...(options.uiLocales === undefined ? {} : { ui_locales: options.uiLocales }),
  }).toString();
  const response = await browser(authorize.toString());
  return {
    browser,
    signInUrl: new URL(response.headers.get('location') ?? '', base).toString(),
    form,
  };
}

/** Authorization Code + PKCE through the development sign-in page, as the SPA does it. */
export async function signInWithDevProvider(
  base: string,
  account: { email: string; name?: string },
  options: { clientId?: string } = {},
) {
  const browser = createBrowser();
  const clientId = options.clientId ?? 'bec-web';
  const redirectUri = `${base}/auth/callback`;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const authorize = new URL(`${base}/oidc/auth`);
  for (const [k, v] of Object.entries({
    client_id: clientId,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-123',
  })) {
    authorize.searchParams.set(k, v);
  }

  let response = await browser(authorize.toString());
  const signInUrl = new URL(response.headers.get('location') ?? '', base).toString();
  const page = await browser(signInUrl);
  const html = await page.text();
  response = await browser(signInUrl, form({ email: account.email, name: account.name ?? '' }));
  let location = response.headers.get('location');
  for (let hops = 0; location && !location.startsWith(redirectUri) && hops < 10; hops++) {
    response = await browser(new URL(location, base).toString());
    location = response.headers.get('location');
  }
  if (!location?.startsWith(redirectUri))
    throw new Error(`Sign-in did not come back: ${response.status}`);
  const callback = new URL(location);
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`No code: ${location}`);
  const tokenResponse = await fetch(
    `${base}/oidc/token`,
    form({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    }),
  );
  const tokens = (await tokenResponse.json()) as Tokens;
  return {
    tokens,
    signInPage: html,
    signInUrl,
    state: callback.searchParams.get('state'),
    browser,
  };
}

export const refresh = async (base: string, refreshToken: string, clientId = 'bec-web') =>
  (await (
    await fetch(
      `${base}/oidc/token`,
      form({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId }),
    )
  ).json()) as Tokens;
