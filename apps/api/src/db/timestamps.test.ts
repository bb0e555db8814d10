import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './timestamps.js';

describe('isoTimestamp', () => {
  it('reads PostgreSQL UTC text as the same instant a Date does', () => {
    for (const text of [
      '2026-11-21 18:34:31+00',
      '2026-11-21 18:34:31.4+00',
      '2026-11-21 18:34:31.42+00',
      '2026-11-21 18:34:31.423+00',
      '2026-11-21 18:34:31.423456+00',
      '2024-02-29 00:00:00.001+00',
      '1999-12-31 23:59:59.999+00',
    ]) {
      const iso = isoTimestamp(text);
      expect(iso).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(iso, text).toBe(new Date(text).toISOString());
    }
    expect(isoTimestamp('2026-11-21 18:34:31.42+00')).toBe('2026-11-21T18:34:31.420Z');
  });

  it('converts other offsets through a Date', () => {
    expect(isoTimestamp('2026-11-21 15:34:31.42-03')).toBe('2026-11-21T18:34:31.420Z');
    expect(isoTimestamp('2026-11-21 21:04:31+05:30')).toBe('2026-11-21T15:34:31.000Z');
  });
});
