import type { ClientConfig } from '@bec/contracts';
import type { Config } from '../../config.js';

/**
 * What the SPA needs to sign in and draw its maps: the data of GET /api/config, and the same object inlined into
 * the index.html the server answers, so the two can never disagree.
 */
export const clientConfig = (config: Config): ClientConfig => ({
  oidc: {
    issuer: config.oidc.issuer,
    client_id: config.oidc.clientId,
    audience: config.oidc.audience,
    scopes: config.oidc.scopes,
  },
  dev_signin: config.oidc.embedded,
  map_tiles: { url: config.map.tilesUrl, attribution: config.map.attribution },
  alert_mail: config.mail !== null,
});
