import { type DevAccount, devSubject } from './dev-accounts.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
  body { margin: 0; background: #f1f3f5; color: #212529; }
  main { max-width: 440px; margin: 48px auto; padding: 0 16px; }
  .card { background: #fff; border-radius: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.12); padding: 24px; }
  h1 { font-size: 1.3rem; margin: 0 0 4px; }
  .warning { background: #fff4e6; border: 1px solid #ffa94d; border-radius: 6px; padding: 10px 12px; margin: 16px 0; font-size: .9rem; }
  .error { background: #fff5f5; border: 1px solid #ff8787; border-radius: 6px; padding: 10px 12px; margin: 12px 0; }
  form { margin: 0; }
  button { font: inherit; cursor: pointer; border-radius: 6px; border: 1px solid #ced4da; background: #fff; padding: 10px 12px; width: 100%; text-align: left; }
  button:hover { background: #f8f9fa; }
  button.primary { background: #228be6; color: #fff; border-color: #228be6; text-align: center; }
  button.secondary { text-align: center; }
  .accounts { display: grid; gap: 8px; margin: 12px 0 20px; }
  .accounts small { display: block; color: #868e96; }
  label { display: block; font-size: .9rem; margin: 10px 0 4px; }
  input { font: inherit; width: 100%; box-sizing: border-box; padding: 8px 10px; border: 1px solid #ced4da; border-radius: 6px; }
  .muted { color: #868e96; font-size: .85rem; }
  a { color: #1c7ed6; }
`;

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" type="image/svg+xml" href="/favicon.svg"><style>${STYLE}</style></head>
<body><main><div class="card">${body}</div></main></body></html>`;

export type SignInPageOptions = {
  action: string;
  abortAction: string;
  accounts: DevAccount[];
  clientName: string;
  error?: string;
  values?: { email?: string; name?: string };
};

/** The development provider's sign-in page: says plainly what it is, lists the seeded accounts. */
export function signInPage(options: SignInPageOptions) {
  const accounts = options.accounts
    .map(
      (a) => `<form method="post" action="${escapeHtml(options.action)}">
        <input type="hidden" name="email" value="${escapeHtml(a.email)}"><input type="hidden" name="name" value="${escapeHtml(a.name)}">
        <button type="submit" data-account="${escapeHtml(devSubject(a.email))}">${escapeHtml(a.name)} · ${escapeHtml(a.email)}<small>${escapeHtml(a.description)}</small></button>
      </form>`,
    )
    .join('');
  return page(
    'Development sign-in · BEC',
    `<h1>Sign in to BEC</h1>
    <div class="warning" role="note"><strong>Development sign-in.</strong> This page stands in for Google while BEC runs
    without an external identity provider. Anyone who can reach it can sign in as anyone: never expose it.</div>
    ${options.error ? `<div class="error" role="alert">${escapeHtml(options.error)}</div>` : ''}
    <p class="muted">Continue to ${escapeHtml(options.clientName)} as one of the seeded accounts:</p>
    <div class="accounts">${accounts}</div>
    <p class="muted">…or as any account:</p>
    <form method="post" action="${escapeHtml(options.action)}">
      <label for="email">Email</label>
      <input id="email" name="email" type="email" required autocomplete="email" value="${escapeHtml(options.values?.email ?? '')}">
      <label for="name">Name</label>
      <input id="name" name="name" type="text" maxlength="100" autocomplete="name" value="${escapeHtml(options.values?.name ?? '')}">
      <p><button class="primary" type="submit">Sign in</button></p>
    </form>
    <form method="post" action="${escapeHtml(options.abortAction)}"><button class="secondary" type="submit">Cancel</button></form>`,
  );
}

export const logoutPage = (host: string, form: string) =>
  page(
    'Sign out · BEC',
    `<h1>Sign out of BEC?</h1>
    <p class="muted">You are signed in through the development sign-in on ${escapeHtml(host)}.</p>
    ${form}
    <p><button class="primary" autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button></p>
    <button class="secondary" type="submit" form="op.logoutForm">Stay signed in</button>`,
  );

export const signedOutPage = () =>
  page('Signed out · BEC', `<h1>You are signed out</h1><p><a href="/home">Back to BEC</a></p>`);

export const errorPage = (error: string, description?: string) =>
  page(
    'Sign-in error · BEC',
    `<h1>Sign-in failed</h1><div class="error" role="alert">${escapeHtml(description ?? error)}</div><p><a href="/home">Back to BEC</a></p>`,
  );
