import type { Locale, MailAlert } from './alert-mail.repository.js';

/*
 * The alert mails' words (ADR 054), in the recipient's language: plain text and a simple HTML
 * part, each alert with the property's name, price, comuna and link.
 */

const TEXT = {
  'es-CL': {
    immediateSubject: (search: string, property: string) => `${search}: ${property}`,
    digestSubject: (n: number) =>
      n === 1
        ? 'Tu resumen diario: 1 propiedad nueva'
        : `Tu resumen diario: ${n} propiedades nuevas`,
    greeting: (name: string) => `Hola ${name}:`,
    immediateIntro: (search: string) => `Una propiedad coincide con tu búsqueda «${search}».`,
    digestIntro: 'Estas propiedades coinciden con tus búsquedas guardadas desde el último resumen.',
    added: 'nueva',
    now_matches: 'ahora calza',
    noComuna: 'sin comuna',
    open: 'Ver propiedad',
    footer: 'Recibes este correo porque sigues esta búsqueda en BEC.',
    unsubscribe: 'Dejar de recibir correos de esta búsqueda',
    unsubscribeEach: 'Dejar de recibir correos de una búsqueda:',
  },
  en: {
    immediateSubject: (search: string, property: string) => `${search}: ${property}`,
    digestSubject: (n: number) =>
      n === 1 ? 'Your daily digest: 1 new property' : `Your daily digest: ${n} new properties`,
    greeting: (name: string) => `Hello ${name},`,
    immediateIntro: (search: string) => `A property matches your search “${search}”.`,
    digestIntro: 'These properties match your saved searches since the last digest.',
    added: 'new',
    now_matches: 'now matches',
    noComuna: 'no comuna',
    open: 'View property',
    footer: 'You get this mail because you follow this search in BEC.',
    unsubscribe: 'Stop mails from this search',
    unsubscribeEach: 'Stop mails from a search:',
  },
} as const;

export type MailContent = { subject: string; text: string; html: string };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function formatPrice(amount: number, unit: 'CLP' | 'UF', locale: Locale) {
  const number = new Intl.NumberFormat(locale, {
    maximumFractionDigits: unit === 'UF' ? 2 : 0,
  }).format(amount);
  return unit === 'UF' ? `UF ${number}` : `$${number}`;
}

type Links = {
  property: (id: number) => string;
  unsubscribe: (searchId: number) => string;
};

function line(alert: MailAlert, locale: Locale, links: Links) {
  const t = TEXT[locale];
  return {
    name: alert.property_name,
    details: `${formatPrice(alert.price_amount, alert.price_unit, locale)} · ${
      alert.city_name ?? t.noComuna
    } · ${t[alert.reason]}`,
    url: links.property(alert.property_id),
  };
}

const htmlPage = (lang: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"></head>` +
  `<body style="font-family:sans-serif;line-height:1.5;color:#222">${body}</body></html>`;

const htmlItem = (l: ReturnType<typeof line>, open: string) =>
  `<li style="margin-bottom:12px"><strong>${escapeHtml(l.name)}</strong><br>${escapeHtml(
    l.details,
  )}<br><a href="${escapeHtml(l.url)}">${escapeHtml(open)}</a></li>`;

/** One alert's mail. */
export function immediateMail(
  to: { name: string },
  alert: MailAlert,
  locale: Locale,
  links: Links,
): MailContent {
  const t = TEXT[locale];
  const l = line(alert, locale, links);
  const unsubscribe = links.unsubscribe(alert.saved_search_id);
  return {
    subject: t.immediateSubject(alert.saved_search_name, alert.property_name),
    text: [
      t.greeting(to.name),
      '',
      t.immediateIntro(alert.saved_search_name),
      '',
      l.name,
      l.details,
      `${t.open}: ${l.url}`,
      '',
      '--',
      t.footer,
      `${t.unsubscribe}: ${unsubscribe}`,
      '',
    ].join('\n'),
    html: htmlPage(
      locale,
      `<p>${escapeHtml(t.greeting(to.name))}</p><p>${escapeHtml(
        t.immediateIntro(alert.saved_search_name),
      )}</p><ul style="padding-left:18px">${htmlItem(l, t.open)}</ul>` +
        `<p style="font-size:12px;color:#666">${escapeHtml(t.footer)} <a href="${escapeHtml(
          unsubscribe,
        )}">${escapeHtml(t.unsubscribe)}</a></p>`,
    ),
  };
}

/** A day's digest: the alerts grouped by search, each search with its unsubscribe link. */
export function digestMail(
  to: { name: string },
  alerts: MailAlert[],
  locale: Locale,
  links: Links,
): MailContent {
  const t = TEXT[locale];
  const bySearch = new Map<number, MailAlert[]>();
  for (const alert of alerts) {
    const list = bySearch.get(alert.saved_search_id) ?? [];
    list.push(alert);
    bySearch.set(alert.saved_search_id, list);
  }
  const properties = new Set(alerts.map((a) => a.property_id)).size;
  const text: string[] = [t.greeting(to.name), '', t.digestIntro, ''];
  let html = `<p>${escapeHtml(t.greeting(to.name))}</p><p>${escapeHtml(t.digestIntro)}</p>`;
  const footer: string[] = [];
  for (const list of bySearch.values()) {
    const first = list[0] as MailAlert;
    text.push(`## ${first.saved_search_name}`, '');
    html += `<h2 style="font-size:16px">${escapeHtml(first.saved_search_name)}</h2><ul style="padding-left:18px">`;
    for (const alert of list) {
      const l = line(alert, locale, links);
      text.push(l.name, l.details, `${t.open}: ${l.url}`, '');
      html += htmlItem(l, t.open);
    }
    html += '</ul>';
    footer.push(`${first.saved_search_name}: ${links.unsubscribe(first.saved_search_id)}`);
  }
  text.push('--', t.footer, t.unsubscribeEach, ...footer, '');
  html += `<p style="font-size:12px;color:#666">${escapeHtml(t.footer)} ${escapeHtml(
    t.unsubscribeEach,
  )}</p><ul style="font-size:12px">${[...bySearch.values()]
    .map(
      (list) =>
        `<li><a href="${escapeHtml(links.unsubscribe((list[0] as MailAlert).saved_search_id))}">${escapeHtml(
          (list[0] as MailAlert).saved_search_name,
        )}</a></li>`,
    )
    .join('')}</ul>`;
  return {
    subject: t.digestSubject(properties),
    text: text.join('\n'),
    html: htmlPage(locale, html),
  };
}

/** The unsubscribe page's words (GET shows a button; POST's answer for a browser). */
export const UNSUBSCRIBE_PAGE = {
  'es-CL': {
    title: 'Dejar de recibir correos',
    ask: (search: string) => `¿Dejar de recibir correos de la búsqueda «${search}»?`,
    button: 'Dejar de recibir correos',
    done: (search: string) => `Listo: ya no recibirás correos de la búsqueda «${search}».`,
    already: (search: string) =>
      `Ya no recibías correos de la búsqueda «${search}»: no había nada que cambiar.`,
    gone: 'Esta búsqueda ya no existe o ya no la sigues: no recibirás correos de ella.',
    invalid:
      'Este enlace para dejar de recibir correos no es válido (está incompleto o fue modificado). Usa el enlace del correo tal como llegó.',
    inApp: 'Las alertas dentro de BEC siguen activas; puedes cambiarlas en la aplicación.',
  },
  en: {
    title: 'Stop mails',
    ask: (search: string) => `Stop mails from the search “${search}”?`,
    button: 'Stop mails',
    done: (search: string) => `Done: you will no longer get mails from the search “${search}”.`,
    already: (search: string) =>
      `You were no longer getting mails from the search “${search}”: nothing to change.`,
    gone: 'This search no longer exists or you no longer follow it: you will get no mails from it.',
    invalid:
      'This unsubscribe link is not valid (it is incomplete or was changed). Use the link as it came in the mail.',
    inApp: 'Alerts inside BEC stay on; you can change them in the app.',
  },
} as const;

export function unsubscribePage(locale: Locale, body: string) {
  const t = UNSUBSCRIBE_PAGE[locale];
  // No styles, scripts or images: the API's CSP allows none inline, and the page needs none.
  return (
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(t.title)} · BEC</title></head>` +
    `<body><main><h1>${escapeHtml(t.title)}</h1>${body}</main></body></html>`
  );
}

export { escapeHtml };
