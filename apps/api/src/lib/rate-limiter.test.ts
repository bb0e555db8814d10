import { describe, expect, it } from 'vitest';
import { addressKey, createRateLimiter } from './rate-limiter.js';

const clock = (start = 1_000_000) => {
  let at = start;
  return { now: () => at, advance: (ms: number) => (at += ms) };
};

const takeMany = (take: (key: string) => { allowed: boolean }, key: string, count: number) =>
  Array.from({ length: count }, () => take(key).allowed).filter(Boolean).length;

describe('createRateLimiter', () => {
  it('lets a burst through at once, then one request per interval', () => {
    const time = clock();
    const take = createRateLimiter({ perMinute: 60, burst: 5, now: time.now });
    expect(takeMany(take, 'ana', 8)).toBe(5);
    expect(take('ana')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    time.advance(999);
    expect(take('ana').allowed).toBe(false);
    time.advance(1);
    expect(takeMany(take, 'ana', 3)).toBe(1);
    // Quiet for the whole burst's worth of intervals: the burst is back, and no more.
    time.advance(5000);
    expect(takeMany(take, 'ana', 8)).toBe(5);
  });

  it("counts each key on its own, and a refused request does not push the key's wait further", () => {
    const time = clock();
    const take = createRateLimiter({ perMinute: 6, burst: 2, now: time.now });
    expect(takeMany(take, 'ana', 2)).toBe(2);
    for (let i = 0; i < 100; i++) expect(take('ana').allowed).toBe(false);
    expect(take('ana')).toEqual({ allowed: false, retryAfterSeconds: 10 });
    expect(takeMany(take, 'bruno', 3)).toBe(2);
    time.advance(10_000);
    expect(take('ana').allowed).toBe(true);
  });

  it('rounds the wait up to whole seconds, at least one', () => {
    const time = clock();
    const take = createRateLimiter({ perMinute: 600, burst: 1, now: time.now });
    expect(take('x').allowed).toBe(true);
    expect(take('x')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    const slow = createRateLimiter({ perMinute: 1, burst: 1, now: time.now });
    slow('x');
    time.advance(500);
    expect(slow('x')).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it('forgets the least recently seen keys beyond its size, which only gives them a full burst', () => {
    const time = clock();
    const take = createRateLimiter({ perMinute: 60, burst: 1, maxKeys: 2, now: time.now });
    expect(take('a').allowed).toBe(true);
    expect(take('b').allowed).toBe(true);
    expect(take('c').allowed).toBe(true);
    expect(take('b').allowed).toBe(false);
    expect(take('a').allowed).toBe(true);
  });
});

describe('addressKey', () => {
  it('keeps IPv4 addresses, and reads IPv4-mapped IPv6 ones as IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts IPv6 by its /64, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:0:0:0:1',
      '2001:db8:1:2::203.0.113.7',
      'fe80::1%eth0'.replace('fe80::', '2001:db8:1:2::'),
    ])
      expect(addressKey(ip), ip).toBe(key);
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressKey('1::3:4:5:6:203.0.113.7')).toBe('1:0:3:4::/64');
  });
});
