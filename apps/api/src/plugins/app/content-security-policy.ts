import { TILE_SUBDOMAINS, tileUrlWith } from '../../lib/map-tiles.js';

/** The endpoints of the provider's discovery document that the browser talks to. */
export type ProviderEndpoints = {
  authorization_endpoint?: string | undefined;
  token_endpoint?: string | undefined;
  userinfo_endpoint?: string | undefined;
  end_session_endpoint?: string | undefined;
};

export type CspSourcesInput = {
  oidc: { issuer: string; embedded: boolean };
  /** Where the browser PUTs uploads and loads photos from, when that is not the app (S3). */
  storageOrigin: string | null;
  /** The provider's discovery, once read; until then only the issuer itself is allowed. */
  provider?: ProviderEndpoints | undefined;
  /** The map's tile URL template (MAP_TILES_URL); its images come from its origin(s). */
  mapTilesUrl?: string | undefined;
};

/** `npm run dev` serves the SPA from Vite on this origin, proxying the API. */
export const VITE_DEV_ORIGIN = 'http://localhost:5173';

/** The URL's origin, for http(s) URLs only (any other scheme's origin is the opaque "null"). */
const originOf = (url: string | undefined) => {
  if (!url) return [];
  try {
    const { protocol, origin } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? [origin] : [];
  } catch {
    return [];
  }
};
const sources = (...lists: string[][]) => [...new Set(lists.flat())];

/**
 * The origins the map's tiles load from: the template's, one per subdomain when its host has
 * `{s}` (a.tile…, b.tile…, c.tile…). A valid template has no other placeholder there
 * (lib/map-tiles.ts).
 */
const tileOrigins = (template: string | undefined) =>
  template
    ? sources(...TILE_SUBDOMAINS.map((subdomain) => originOf(tileUrlWith(template, subdomain))))
    : [];

/**
 * The CSP directives that name origins, from the configuration and the provider's discovery:
 * exactly the origins the SPA reaches, never a wildcard.
 * - connect-src: the issuer (oidc-client-ts reads its discovery), the token and userinfo
 *   endpoints (fetched by the SPA), and the photo storage (the uploads' PUT).
 * - img-src: the photo storage, which /photos/... redirects to with a presigned GET, and the
 *   map's tile server(s).
 * - form-action: the sign-in and sign-out redirects through the provider (a form's redirect
 *   chain is checked too). The embedded provider's pages post back to Vite's origin in dev.
 * The end-session endpoint is only navigated to, which connect-src does not govern.
 */
export function cspDirectives({ oidc, storageOrigin, provider, mapTilesUrl }: CspSourcesInput) {
  const self = ["'self'"];
  const issuer = originOf(oidc.issuer);
  const storage = storageOrigin ? [storageOrigin] : [];
  return {
    'connect-src': sources(
      self,
      issuer,
      originOf(provider?.token_endpoint),
      originOf(provider?.userinfo_endpoint),
      storage,
    ),
    'img-src': sources(self, ['data:', 'blob:'], storage, tileOrigins(mapTilesUrl)),
    'form-action': sources(
      self,
      issuer,
      originOf(provider?.authorization_endpoint),
      originOf(provider?.end_session_endpoint),
      oidc.embedded ? [VITE_DEV_ORIGIN] : [],
    ),
  };
}
