import { describe, expect, it } from 'vitest';
import type { SelectedPhoto } from '@/features/properties/components/photo-picker/photo-files';
import {
  moveKey,
  orderPhotoItems,
  savedPhotoKey,
  toPhotoRefs,
} from '@/features/properties/components/property-form/edit-photo-order';
import {
  emptyPropertyFormValues,
  toUpdatePropertyPayload,
} from '@/features/properties/components/property-form/property-form-values';

const saved = [
  { id: 11, thumbnail_url: '/t/11.webp' },
  { id: 12, thumbnail_url: '/t/12.webp' },
  { id: 13, thumbnail_url: '/t/13.webp' },
];

const picked = (id: string, path: string | null = null): SelectedPhoto => ({
  id,
  file: new File(['x'], `${id}.jpg`, { type: 'image/jpeg' }),
  name: `${id}.jpg`,
  contentType: 'image/jpeg',
  previewUrl: `blob:${id}`,
  importedFrom: null,
  status: path ? 'uploaded' : 'ready',
  progress: 0,
  path,
  error: null,
});

const keys = (items: { key: string }[]) => items.map((item) => item.key);

describe('edit photo order', () => {
  it('lists saved photos in the given order, leaves out removed ones, then new files', () => {
    const order = [savedPhotoKey(13), savedPhotoKey(11)];
    const items = orderPhotoItems(order, saved, [picked('photo-1'), picked('photo-2')]);
    expect(keys(items)).toEqual(['saved-13', 'saved-11', 'photo-1', 'photo-2']);
  });

  it('keeps a new file where it was moved, and drops files no longer picked', () => {
    const order = ['photo-2', savedPhotoKey(11), 'photo-9'];
    const items = orderPhotoItems(order, saved, [picked('photo-1'), picked('photo-2')]);
    expect(keys(items)).toEqual(['photo-2', 'saved-11', 'photo-1']);
  });

  it('moves a key left, right, to the front, clamped to the list', () => {
    const list = ['a', 'b', 'c'];
    expect(moveKey(list, 'c', 0)).toEqual(['c', 'a', 'b']);
    expect(moveKey(list, 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveKey(list, 'b', 0)).toEqual(['b', 'a', 'c']);
    expect(moveKey(list, 'c', 9)).toEqual(['a', 'b', 'c']);
    expect(moveKey(list, 'zz', 0)).toEqual(['a', 'b', 'c']);
  });

  it('maps the tiles to ids and upload paths in order (the first is the cover)', () => {
    const items = orderPhotoItems(
      ['photo-1', savedPhotoKey(12), 'photo-2', savedPhotoKey(11)],
      saved,
      [picked('photo-1'), picked('photo-2', 'up/b.jpg')],
    );
    expect(toPhotoRefs(items, new Map([['photo-1', 'up/a.jpg']]))).toEqual([
      'up/a.jpg',
      12,
      'up/b.jpg',
      11,
    ]);
    expect(() => toPhotoRefs(items, new Map())).toThrow('photo-1.jpg is not uploaded yet');
  });

  it('builds the PUT body: the add payload, updated_at and the photos as given', () => {
    const body = toUpdatePropertyPayload(
      {
        ...emptyPropertyFormValues,
        name: ' Casa ',
        address: 'Calle 1',
        city_id: '13120',
        price: '150.000.000',
        building_sqmts: '80',
        land_sqmts: '120,5',
        property_type_id: '1',
      },
      ['up/a.jpg', 12, 11],
      '2025-04-10T20:30:00.000Z',
    );
    expect(body).toMatchObject({
      name: 'Casa',
      city_id: 13120,
      price: 150_000_000,
      land_sqmts: 120.5,
      property_type_id: 1,
      broker_id: null,
      photos: ['up/a.jpg', 12, 11],
      updated_at: '2025-04-10T20:30:00.000Z',
    });
  });
});
