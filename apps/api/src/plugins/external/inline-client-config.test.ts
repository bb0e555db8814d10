import type { ClientConfig } from '@bec/contracts';
import { describe, expect, it } from 'vitest';
import { discoveryUrl, inlineClientConfig, jsonForScriptElement } from './inline-client-config.js';

const config = (scopes: string, issuer = 'https://sso.example.cl/realms/bec'): ClientConfig => ({
  oidc: { issuer, client_id: 'bec-web', audience: 'bec-api', scopes },
  dev_signin: false,
  map_tiles: { url: 'https://tile.example.cl/{z}/{x}/{y}.png', attribution: [] },
});

const HTML =
  '<!doctype html>\n<html>\n  <head>\n    <title>BEC</title>\n  </head>\n  <body></body>\n</html>\n';

/** The text of the config element, as an HTML parser ends it: at the first `</script`. */
const elementText = (html: string) => {
  const start = html.indexOf('id="bec-config">') + 'id="bec-config">'.length;
  return html.slice(start, html.indexOf('</script', start));
};

describe('inlineClientConfig', () => {
  it('puts the config and the discovery preload at the end of <head>', () => {
    const html = inlineClientConfig(HTML, config('openid email'));
    expect(html).toContain(
      '<script type="application/json" id="bec-config">{"oidc":{"issuer":"https://sso.example.cl/realms/bec","client_id":"bec-web","audience":"bec-api","scopes":"openid email"},"dev_signin":false,"map_tiles":{"url":"https://tile.example.cl/{z}/{x}/{y}.png","attribution":[]}}</script>',
    );
    expect(html).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="https://sso.example.cl/realms/bec/.well-known/openid-configuration">\n  </head>',
    );
    expect(JSON.parse(elementText(html))).toEqual(config('openid email'));
  });

  it('lets no value end the element, open a comment or break a line', () => {
    const hostile = 'openid </script><script>alert(1)</script> <!-- --> & \u2028\u2029 </SCRIPT';
    const html = inlineClientConfig(HTML, config(hostile));
    const text = elementText(html);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(config(hostile));
    expect(jsonForScriptElement('</script>')).toBe('"\\u003c/script\\u003e"');
  });

  it("keeps replacement patterns ('$&', \"$'\") in values as they are", () => {
    const html = inlineClientConfig(HTML, config("openid $& $' $`"));
    expect(JSON.parse(elementText(html)).oidc.scopes).toBe("openid $& $' $`");
    expect(html.startsWith('<!doctype html>\n<html>\n  <head>\n    <title>BEC</title>')).toBe(true);
  });

  it('escapes the issuer in the preload attribute', () => {
    const html = inlineClientConfig(HTML, config('openid', 'https://sso.example.cl/a?b=1&c="x"'));
    expect(html).toContain('href="https://sso.example.cl/a?b=1&amp;c=&quot;x&quot;/.well-known');
  });

  it('refuses an index.html without </head>', () => {
    expect(() => inlineClientConfig('<html><body></body></html>', config('openid'))).toThrow(
      /no <\/head>/,
    );
  });
});

describe('discoveryUrl', () => {
  it('is built from the issuer as oidc-client-ts builds its metadataUrl from the authority', () => {
    expect(discoveryUrl('https://sso.example.cl/realms/bec')).toBe(
      'https://sso.example.cl/realms/bec/.well-known/openid-configuration',
    );
    expect(discoveryUrl('https://tenant.auth0.com/')).toBe(
      'https://tenant.auth0.com/.well-known/openid-configuration',
    );
  });
});
