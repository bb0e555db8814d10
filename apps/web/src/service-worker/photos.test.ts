import { describe, expect, it } from 'vitest';
import { isPhotoRequest, photoCacheKey } from './photos';

const origin = 'https://bec.example';

describe('isPhotoRequest', () => {
  it("takes this origin's signed photo links, every variant", () => {
    for (const variant of ['card', 'gallery', 'original']) {
      const url = new URL(`${origin}/photos/ab/cd.jpg/${variant}?expires=1&sig=x`);
      expect(isPhotoRequest(url, origin)).toBe(true);
    }
  });

  it('leaves everything else to the network: other origins, the API, uploads, tiles', () => {
    for (const url of [
      'https://bucket.example/photos/ab/cd.jpg/card',
      `${origin}/api/properties/1`,
      `${origin}/storage/ab/cd.jpg`,
      `${origin}/photos/upload_url`,
      'https://tile.example/1/2/3.png',
    ]) {
      expect(isPhotoRequest(new URL(url), origin)).toBe(false);
    }
  });
});

describe('photoCacheKey', () => {
  it("drops the day's signature, so another day's link finds the same copy", () => {
    const today = photoCacheKey(`${origin}/photos/ab/cd.jpg/card?expires=100&sig=a`);
    const tomorrow = photoCacheKey(`${origin}/photos/ab/cd.jpg/card?expires=200&sig=b`);
    expect(today).toBe(`${origin}/photos/ab/cd.jpg/card`);
    expect(tomorrow).toBe(today);
    expect(photoCacheKey(`${origin}/photos/ab/cd.jpg/gallery?expires=100&sig=a`)).not.toBe(today);
  });
});
