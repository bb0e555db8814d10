import { describe, expect, it } from 'vitest';
import { isAppNavigation } from './navigation';

describe('isAppNavigation: which navigations get the cached shell', () => {
  it.each([
    '/',
    '/home',
    '/properties',
    '/properties?comuna=13101&sort=price',
    '/properties/42',
    '/properties/42/edit',
    '/addProperty',
    '/board',
    '/brokers/7',
    '/data',
    '/audit',
    '/users',
    '/waitlist',
    '/settings',
    // The sign-in's way back: a route of the SPA, which reads the code and state itself.
    '/auth/callback?code=abc&state=xyz',
  ])('the app route %s', (url) => {
    expect(isAppNavigation(url)).toBe(true);
  });

  it.each([
    '/api/properties',
    '/api',
    '/oidc/auth?client_id=bec-web',
    '/oidc/session/end',
    '/dev-signin/abc123',
    '/docs',
    '/docs/json',
    '/metrics',
    '/healthz',
    '/readyz',
    '/photos/ab/cd/card?expires=1&sig=2',
    '/storage/uploads/x?sig=1',
    // Unknown to the SPA (its not-found page comes from the network) and files.
    '/properties/42/photos',
    '/nowhere',
    '/sw.js',
    '/favicon.svg',
  ])('the server path %s', (url) => {
    expect(isAppNavigation(url)).toBe(false);
  });
});
