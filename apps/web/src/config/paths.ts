/**
 * Every route of the SPA, in one place: `path` for the router, `getHref()` for links and redirects.
 * Build URLs only through these (docs/conventions.md, Paths and configuration).
 */
export const paths = {
  root: { path: '/', getHref: () => '/' },
  home: { path: '/home', getHref: () => '/home' },
  properties: { path: '/properties', getHref: () => '/properties' },
  property: { path: '/properties/:id', getHref: (id: number | string) => `/properties/${id}` },
  propertyEdit: {
    path: '/properties/:id/edit',
    getHref: (id: number | string) => `/properties/${id}/edit`,
  },
  addProperty: { path: '/addProperty', getHref: () => '/addProperty' },
  quickAdd: { path: '/quickAdd', getHref: () => '/quickAdd' },
  board: { path: '/board', getHref: () => '/board' },
  brokers: { path: '/brokers', getHref: () => '/brokers' },
  broker: { path: '/brokers/:id', getHref: (id: number | string) => `/brokers/${id}` },
  data: { path: '/data', getHref: () => '/data' },
  audit: { path: '/audit', getHref: () => '/audit' },
  users: { path: '/users', getHref: () => '/users' },
  waitlist: { path: '/waitlist', getHref: () => '/waitlist' },
  settings: { path: '/settings', getHref: () => '/settings' },
  authCallback: { path: '/auth/callback', getHref: () => '/auth/callback' },
} as const;
