import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';

/** HMAC signatures for URLs this server hands out (local uploads, photo downloads). */
export function createUrlSigner(secret: string) {
  // Imported once: a string key is turned into a key object on every signature (a tenth of it).
  const key = createSecretKey(secret, 'utf8');
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    sign,
    verify(payload: string, signature: string) {
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
