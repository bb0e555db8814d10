import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC signatures for URLs this server hands out (local uploads, photo downloads). */
export function createUrlSigner(secret: string) {
  const sign = (payload: string) =>
    createHmac('sha256', secret).update(payload).digest('base64url');
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
