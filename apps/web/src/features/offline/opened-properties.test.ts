import { describe, expect, it } from 'vitest';
import { forgetOpened, openedProperties, rememberOpened } from './opened-properties';
import { mapStore } from './testing/map-store';

describe('the properties a member opened', () => {
  it('keeps the last 50, newest first, each once', async () => {
    const store = mapStore();
    for (let id = 1; id <= 60; id++) await rememberOpened('ana', id, store);
    await rememberOpened('ana', 30, store);
    const opened = await openedProperties('ana', store);
    expect(opened).toHaveLength(50);
    expect(opened.slice(0, 3)).toEqual([30, 60, 59]);
    expect(opened.filter((id) => id === 30)).toHaveLength(1);
    expect(opened).not.toContain(10);
  });

  it("keeps each member's list apart, and forgets one without the other", async () => {
    const store = mapStore();
    await rememberOpened('ana', 1, store);
    await rememberOpened('bea', 2, store);
    expect(await openedProperties('ana', store)).toEqual([1]);
    expect(await openedProperties('bea', store)).toEqual([2]);
    await forgetOpened('ana', store);
    expect(await openedProperties('ana', store)).toEqual([]);
    expect(await openedProperties('bea', store)).toEqual([2]);
    expect([...store.map.keys()]).toEqual(['opened:bea']);
  });
});
