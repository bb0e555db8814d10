import type { Active, Over } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import {
  photoDragAnnouncements,
  photoPosition,
} from '@/features/properties/components/property-form/edit-photo-drag-messages';

const keys = ['saved-11', 'saved-12', 'photo-1'];
// The announcements only read the ids.
const active = (id: string) => ({ id }) as unknown as Active;
const over = (id: string) => ({ id }) as unknown as Over;

describe('photoPosition', () => {
  it('names the first place the cover', () => {
    expect(photoPosition(0)).toBe('position 1 (cover)');
    expect(photoPosition(2)).toBe('position 3');
  });
});

describe('photoDragAnnouncements', () => {
  it('says which photo is picked up, where it is, where it lands', () => {
    const say = photoDragAnnouncements(keys, { current: false });
    expect(say.onDragStart({ active: active('photo-1') })).toBe('Picked up photo 3.');
    expect(say.onDragOver({ active: active('photo-1'), over: over('saved-12') })).toBe(
      'Photo 3 is over position 2.',
    );
    expect(say.onDragEnd({ active: active('photo-1'), over: over('saved-11') })).toBe(
      'Photo 3 moved to position 1 (cover).',
    );
    expect(say.onDragEnd({ active: active('saved-12'), over: over('saved-12') })).toBe(
      'Photo 2 dropped; it stays at position 2.',
    );
    expect(say.onDragCancel({ active: active('saved-12'), over: null })).toBe(
      'Moving cancelled. Photo 2 stays at position 2.',
    );
  });

  it('skips the report of the photo over its own place right after it is picked up, not later', () => {
    const say = photoDragAnnouncements(keys, { current: false });
    say.onDragStart({ active: active('saved-11') });
    expect(say.onDragOver({ active: active('saved-11'), over: over('saved-11') })).toBeUndefined();
    expect(say.onDragOver({ active: active('saved-11'), over: over('saved-12') })).toBe(
      'Photo 1 is over position 2.',
    );
    expect(say.onDragOver({ active: active('saved-11'), over: over('saved-11') })).toBe(
      'Photo 1 is over position 1 (cover).',
    );
  });
});
