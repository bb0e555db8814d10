import type { Locale } from '@bec/contracts';
import { DEV_NAME_MAX, type DevAccount, devSubject } from './dev-accounts.js';
import type { DevTexts } from './dev-texts.js';

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
  .language { text-align: right; margin: 0 0 8px; font-size: .9rem; }
`;

/** The other language, offered by a link on the sign-in page (named in its own language). */
export const otherLocale = (locale: Locale): Locale => (locale === 'en' ? 'es-CL' : 'en');

const page = (texts: DevTexts, title: string, body: string, top = '') => `<!doctype html>
<html lang="${texts.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="icon" type="image/svg+xml" href="/favicon.svg"><style>${STYLE}</style></head>
<body><main>${top}<div class="card">${body}</div></main></body></html>`;

export type SignInPageOptions = {
  texts: DevTexts;
  action: string;
  abortAction: string;
  /** The same page in the other language. */
  otherLanguageHref: string;
  accounts: DevAccount[];
  clientName: string;
  /** Why the last submission was refused, already in the page's language. */
  error?: string | undefined;
  values?: { email?: string; name?: string };
};

/** The development provider's sign-in page: says plainly what it is, lists the seeded accounts. */
export function signInPage(options: SignInPageOptions) {
  const { t, locale } = options.texts;
  const other = otherLocale(locale);
  const accounts = options.accounts
    .map(
      (a) => `<form method="post" action="${escapeHtml(options.action)}">
        <input type="hidden" name="email" value="${escapeHtml(a.email)}"><input type="hidden" name="name" value="${escapeHtml(a.name)}">
        <button type="submit" data-account="${escapeHtml(devSubject(a.email))}">${escapeHtml(a.name)} · ${escapeHtml(a.email)}<small>${escapeHtml(t(`account.${a.role ?? 'guest'}`))}</small></button>
      </form>`,
    )
    .join('');
  // As the app's own language button: the other language named in it, the link's name in this one.
  const otherName = t('language.other');
  const language = `<nav class="language" aria-label="${escapeHtml(t('language.label'))}"><a href="${escapeHtml(options.otherLanguageHref)}" hreflang="${other}" aria-label="${escapeHtml(t('language.switchTo', { language: otherName }))}"><span lang="${other}">${escapeHtml(otherName)}</span></a></nav>`;
  return page(
    options.texts,
    t('signIn.title'),
    `<h1>${escapeHtml(t('signIn.heading'))}</h1>
    <div class="warning" role="note"><strong>${escapeHtml(t('signIn.warningTitle'))}</strong> ${escapeHtml(t('signIn.warning'))}</div>
    ${options.error ? `<div class="error" role="alert">${escapeHtml(options.error)}</div>` : ''}
    <p class="muted">${escapeHtml(t('signIn.seeded', { client: options.clientName }))}</p>
    <div class="accounts">${accounts}</div>
    <p class="muted">${escapeHtml(t('signIn.any'))}</p>
    <form method="post" action="${escapeHtml(options.action)}">
      <label for="email">${escapeHtml(t('signIn.email'))}</label>
      <input id="email" name="email" type="email" required autocomplete="email" value="${escapeHtml(options.values?.email ?? '')}">
      <label for="name">${escapeHtml(t('signIn.name'))}</label>
      <input id="name" name="name" type="text" maxlength="${DEV_NAME_MAX}" autocomplete="name" value="${escapeHtml(options.values?.name ?? '')}">
      <p><button class="primary" type="submit">${escapeHtml(t('signIn.submit'))}</button></p>
    </form>
    <form method="post" action="${escapeHtml(options.abortAction)}"><button class="secondary" type="submit">${escapeHtml(t('signIn.cancel'))}</button></form>`,
    language,
  );
}

export function logoutPage(texts: DevTexts, host: string, form: string) {
  const { t } = texts;
  return page(
    texts,
    t('signOut.title'),
    `<h1>${escapeHtml(t('signOut.heading'))}</h1>
    <p class="muted">${escapeHtml(t('signOut.detail', { host }))}</p>
    ${form}
    <p><button class="primary" autofocus type="submit" form="op.logoutForm" value="yes" name="logout">${escapeHtml(t('signOut.confirm'))}</button></p>
    <button class="secondary" type="submit" form="op.logoutForm">${escapeHtml(t('signOut.stay'))}</button>`,
  );
}

export const signedOutPage = (texts: DevTexts) =>
  page(
    texts,
    texts.t('signedOut.title'),
    `<h1>${escapeHtml(texts.t('signedOut.heading'))}</h1><p><a href="/home">${escapeHtml(texts.t('back'))}</a></p>`,
  );

/** Why signing in failed, `message` already in the page's language. */
export const errorPage = (texts: DevTexts, message: string) =>
  page(
    texts,
    texts.t('error.title'),
    `<h1>${escapeHtml(texts.t('error.heading'))}</h1><div class="error" role="alert">${escapeHtml(message)}</div><p><a href="/home">${escapeHtml(texts.t('back'))}</a></p>`,
  );
