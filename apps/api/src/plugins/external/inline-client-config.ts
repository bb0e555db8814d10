import { CLIENT_CONFIG_ELEMENT_ID, type ClientConfig } from '@bec/contracts';

/**
 * JSON that cannot end the <script> element holding it: `<`, `>` and `&` as \u escapes (no
 * `</script>` or `<!--` can form), and U+2028/2029 too, which old parsers took for line ends.
 * JSON.parse reads the escapes back as the same characters.
 */
export const jsonForScriptElement = (value: unknown) =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

const escapeAttribute = (value: string) =>
  value.replace(
    /[&"<>]/g,
    (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c] ?? c,
  );

/** The discovery URL exactly as oidc-client-ts derives `metadataUrl` from the authority. */
export const discoveryUrl = (issuer: string) =>
  `${issuer.endsWith('/') ? issuer : `${issuer}/`}.well-known/openid-configuration`;

/**
 * The SPA's index.html with its sign-in configuration inlined, so the first screen can decide
 * signed in or not without a GET /api/config round trip, and with the provider's discovery
 * preloaded, so the browser fetches it alongside the JS instead of after it. The JSON block is
 * data, never executed, so the page's CSP (no inline scripts) still holds; the preload is a fetch
 * to the issuer, which connect-src already allows.
 */
export function inlineClientConfig(html: string, config: ClientConfig) {
  const headEnd = html.search(/<\/head>/i);
  if (headEnd < 0) throw new Error("The web build's index.html has no </head> to inline into.");
  const elements = [
    `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${jsonForScriptElement(config)}</script>`,
    `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeAttribute(discoveryUrl(config.oidc.issuer))}">`,
  ];
  return `${html.slice(0, headEnd)}  ${elements.join('\n    ')}\n  ${html.slice(headEnd)}`;
}
