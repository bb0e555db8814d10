import { describe, expect, it } from 'vitest';
import { cspDirectives } from './content-security-policy.js';

const external = { issuer: 'https://tenant.auth0.example', embedded: false };

describe('cspDirectives', () => {
  it('with the embedded provider and local photos, allows only the app itself', () => {
    expect(
      cspDirectives({
        oidc: { issuer: 'http://localhost:3000/oidc', embedded: true },
        storageOrigin: null,
      }),
    ).toEqual({
      'connect-src': ["'self'", 'http://localhost:3000'],
      'img-src': ["'self'", 'data:', 'blob:'],
      // The embedded provider's pages post back to Vite's dev server too.
      'form-action': ["'self'", 'http://localhost:3000', 'http://localhost:5173'],
    });
  });

  it("before discovery, allows the issuer's origin only (its discovery document)", () => {
    expect(cspDirectives({ oidc: external, storageOrigin: null })).toEqual({
      'connect-src': ["'self'", 'https://tenant.auth0.example'],
      'img-src': ["'self'", 'data:', 'blob:'],
      'form-action': ["'self'", 'https://tenant.auth0.example'],
    });
  });

  it('adds the origins of the endpoints discovery names, each where the browser uses it', () => {
    const directives = cspDirectives({
      oidc: { issuer: 'https://accounts.google.com', embedded: false },
      storageOrigin: 'https://bec-photos.s3.sa-east-1.amazonaws.com',
      provider: {
        authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
        token_endpoint: 'https://oauth2.googleapis.com/token',
        userinfo_endpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
        end_session_endpoint: 'https://logout.example.com/v2/logout?x=1',
      },
    });
    expect(directives).toEqual({
      'connect-src': [
        "'self'",
        'https://accounts.google.com',
        'https://oauth2.googleapis.com',
        'https://openidconnect.googleapis.com',
        'https://bec-photos.s3.sa-east-1.amazonaws.com',
      ],
      'img-src': ["'self'", 'data:', 'blob:', 'https://bec-photos.s3.sa-east-1.amazonaws.com'],
      'form-action': ["'self'", 'https://accounts.google.com', 'https://logout.example.com'],
    });
    // Origins only: no paths, no query strings, no wildcards, nothing twice.
    for (const list of Object.values(directives)) {
      expect(list.join(' ')).not.toMatch(/\*|\/v1|\?|https:(?!\/\/)/);
      expect(new Set(list).size).toBe(list.length);
    }
  });

  it('drops an endpoint that is not an http(s) URL instead of failing', () => {
    const directives = cspDirectives({
      oidc: external,
      storageOrigin: null,
      provider: {
        token_endpoint: 'not a url',
        userinfo_endpoint: 'javascript:alert(1)',
        authorization_endpoint: 'data:text/html,hi',
        end_session_endpoint: undefined,
      },
    });
    expect(directives['connect-src']).toEqual(["'self'", 'https://tenant.auth0.example']);
    expect(directives['form-action']).toEqual(["'self'", 'https://tenant.auth0.example']);
  });
});

describe('the map tiles in img-src', () => {
  const embedded = { issuer: 'http://localhost:3000/oidc', embedded: true };

  it("adds the tile server's origin, nothing of its path", () => {
    const directives = cspDirectives({
      oidc: embedded,
      storageOrigin: null,
      mapTilesUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
    expect(directives['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://tile.openstreetmap.org',
    ]);
    // Tiles are images only: no other directive names the tile server.
    expect(directives['connect-src']).toEqual(["'self'", 'http://localhost:3000']);
  });

  it('lists a {s} template by its subdomains a, b and c, and keeps a port', () => {
    expect(
      cspDirectives({
        oidc: embedded,
        storageOrigin: 'https://bec-photos.s3.sa-east-1.amazonaws.com',
        mapTilesUrl: 'https://{s}.tiles.example.cl:8443/osm/{z}/{x}/{y}{r}.png?key=abc',
      })['img-src'],
    ).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://bec-photos.s3.sa-east-1.amazonaws.com',
      'https://a.tiles.example.cl:8443',
      'https://b.tiles.example.cl:8443',
      'https://c.tiles.example.cl:8443',
    ]);
  });

  it('names a local tile server once, even with {s} in its path', () => {
    expect(
      cspDirectives({
        oidc: embedded,
        storageOrigin: null,
        mapTilesUrl: 'http://127.0.0.1:3199/{s}/{z}/{x}/{y}.png',
      })['img-src'],
    ).toEqual(["'self'", 'data:', 'blob:', 'http://127.0.0.1:3199']);
  });
});
