import { startIssuer, type TestIssuer } from '@bec/testkit/issuer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error.js';
import { createTokenVerifier } from '../src/plugins/app/token-verifier.js';

let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startIssuer('bec-api');
});
afterAll(() => issuer.close());

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'ok';
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
};

describe('token verifier when the provider is down', () => {
  it('answers "unavailable" (503), not "unauthenticated", when the key set endpoint fails', async () => {
    const verify = createTokenVerifier({
      issuer: issuer.issuer,
      audience: 'bec-api',
      algorithms: ['RS256'],
    });
    issuer.setJwksStatus(500);
    const token = await issuer.mint({ sub: 'a', email: 'a@b.cl', email_verified: true });
    expect(await codeOf(verify(token))).toBe('IDENTITY_PROVIDER_UNAVAILABLE');
    issuer.setJwksStatus(200);
  });

  it('answers "unavailable" when discovery cannot be reached, then recovers once it can', async () => {
    const verify = createTokenVerifier({
      issuer: 'http://127.0.0.1:9',
      audience: 'bec-api',
      algorithms: ['RS256'],
    });
    expect(await codeOf(verify('a.b.c'))).toBe('IDENTITY_PROVIDER_UNAVAILABLE');

    let reachable = false;
    const flaky = createTokenVerifier({
      issuer: issuer.issuer,
      audience: 'bec-api',
      algorithms: ['RS256'],
      fetch: (input, init) =>
        reachable ? fetch(input, init) : Promise.reject(new TypeError('fetch failed')),
    });
    const token = await issuer.mint({ sub: 'a', email: 'a@b.cl', email_verified: true });
    expect(await codeOf(flaky(token))).toBe('IDENTITY_PROVIDER_UNAVAILABLE');
    reachable = true;
    expect(await codeOf(flaky(token))).toBe('ok');
  });
});

describe('token verifier cache', () => {
  it('answers a repeated token from its cache, yet refuses it once it expires', async () => {
    const verify = createTokenVerifier({
      issuer: issuer.issuer,
      audience: 'bec-api',
      algorithms: ['RS256'],
      clockTolerance: 0,
    });
    const token = await issuer.mint(
      { sub: 'c', email: 'c@b.cl', email_verified: true },
      { expiresIn: 2 },
    );
    expect(await codeOf(verify(token))).toBe('ok');
    // The second time it comes from the cache, with the same answer.
    expect(await verify(token)).toMatchObject({ subject: 'c', email: 'c@b.cl' });
    // exp is whole seconds: wait until it has surely passed.
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    expect(await codeOf(verify(token))).toBe('UNAUTHENTICATED');
  });
});
