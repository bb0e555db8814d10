import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { setupApp, uploadPng, validProperty } from './helpers.js';

const t = setupApp();

type Detail = {
  id: number;
  name: string;
  price: number;
  updated_at: string;
  created_by_id: number;
  updated_by_id: number;
  updated_by_name: string;
  photo_url: string | null;
  photo_urls: { id: number; url: string; thumbnail_url: string; original_url: string }[];
};

const detail = async (id: number) =>
  (await t.inject('viewer', { method: 'GET', url: `/api/properties/${id}` })).json().data as Detail;

const edit = (
  id: number,
  body: Record<string, unknown>,
  who: 'editor' | 'admin' | 'viewer' = 'admin',
) => t.inject(who, { method: 'PUT', url: `/api/properties/${id}`, payload: body });

async function addWithPhotos(n: number) {
  const photos = [];
  for (let i = 0; i < n; i++) photos.push(await uploadPng(t, `p${i}`));
  const added = await t.inject('editor', {
    method: 'POST',
    url: '/api/properties/add',
    payload: validProperty({ name: 'Para editar', photos }),
  });
  expect(added.statusCode, added.body).toBe(201);
  return detail(added.json().data.id);
}

describe('PUT /api/properties/:id', () => {
  it('saves the new values and records who changed it and when; the author stays', async () => {
    const before = await addWithPhotos(0);
    const response = await edit(before.id, {
      ...validProperty({ name: 'Editada', price: 150_000_000 }),
      updated_at: before.updated_at,
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = await detail(before.id);
    expect(after).toMatchObject({
      name: 'Editada',
      price: 150_000_000,
      created_by_id: t.ids.editor,
      updated_by_id: t.ids.admin,
      updated_by_name: 'Ana Admin',
    });
    expect(after.updated_at).toBe(response.json().data.updated_at);
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
  });

  it('refuses a save based on an older version with 409, and changes nothing', async () => {
    const loaded = await addWithPhotos(0);
    const first = await edit(
      loaded.id,
      { ...validProperty({ name: 'Primera' }), updated_at: loaded.updated_at },
      'editor',
    );
    expect(first.statusCode).toBe(200);
    const second = await edit(loaded.id, {
      ...validProperty({ name: 'Segunda' }),
      updated_at: loaded.updated_at,
    });
    expect(second.statusCode).toBe(409);
    // Who changed it travels as a reason with its values, for clients to word in their language.
    expect(second.json()).toMatchObject({
      status: 'error',
      error: {
        code: 'CONFLICT',
        reason: { code: 'property_changed_by', params: { name: 'Elena Editora' } },
      },
    });
    expect(second.json().message).toMatch(/changed by Elena Editora after you opened it/);
    expect((await detail(loaded.id)).name).toBe('Primera');
  });

  it('refuses a bad body naming each field, and an unknown property with 404', async () => {
    const loaded = await addWithPhotos(0);
    const bad = await edit(loaded.id, {
      ...validProperty({ price: -5, city_id: 99999 }),
      updated_at: loaded.updated_at,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fieldErrors).sort()).toEqual(['price']);
    const unknownCity = await edit(loaded.id, {
      ...validProperty({ city_id: 99999 }),
      updated_at: loaded.updated_at,
    });
    expect(unknownCity.json().error.fieldErrors).toEqual({
      city_id: ['Comuna 99999 does not exist'],
    });
    const missing = await edit(424242, { ...validProperty(), updated_at: loaded.updated_at });
    expect(missing.statusCode).toBe(404);
    const noVersion = await edit(loaded.id, validProperty());
    expect(Object.keys(noVersion.json().error.fieldErrors)).toEqual(['updated_at']);
  });

  it('reorders photos, picks a new cover, adds and removes, and deletes the removed files', async () => {
    const before = await addWithPhotos(3);
    const [first, second, third] = before.photo_urls;
    if (!first || !second || !third) throw new Error('three photos expected');
    const added = await uploadPng(t, 'nueva');
    const response = await edit(
      before.id,
      {
        ...validProperty({ name: 'Para editar' }),
        updated_at: before.updated_at,
        photos: [third.id, added, first.id],
      },
      'editor',
    );
    expect(response.statusCode, response.body).toBe(200);
    const after = await detail(before.id);
    expect(after.photo_urls.map((p) => p.id)).toEqual([third.id, expect.any(Number), first.id]);
    expect(after.photo_urls[1]?.original_url).toContain(added);
    // The new cover shows on the card.
    const card = (await t.inject('viewer', { method: 'GET', url: '/api/properties?limit=100' }))
      .json()
      .data.props.find((p: { id: number }) => p.id === before.id);
    expect(card.photo_url).toBe(after.photo_urls[0]?.thumbnail_url);
    // The removed photo's file is gone; the kept ones still load.
    expect((await t.app.inject({ method: 'GET', url: second.original_url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: first.original_url })).statusCode).toBe(200);
  });

  it('swaps two photos under the unique place, keyed or not; two photos never share a place', async () => {
    const before = await addWithPhotos(2);
    const [first, second] = before.photo_urls;
    if (!first || !second) throw new Error('two photos expected');
    // Keyed: the edit runs in the request's one transaction, the check at its commit.
    const swapped = await t.inject('editor', {
      method: 'PUT',
      url: `/api/properties/${before.id}`,
      payload: {
        ...validProperty({ name: 'Para editar' }),
        updated_at: before.updated_at,
        photos: [second.id, first.id],
      },
      headers: { 'idempotency-key': `swap-${before.id}` },
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
    const after = await detail(before.id);
    expect(after.photo_urls.map((p) => p.id)).toEqual([second.id, first.id]);
    const back = await edit(
      before.id,
      {
        ...validProperty({ name: 'Para editar' }),
        updated_at: after.updated_at,
        photos: [first.id, second.id],
      },
      'editor',
    );
    expect(back.statusCode, back.body).toBe(200);
    const refused = await t.db.db
      .execute(sql`update property_photos set position = 0 where id = ${second.id}`)
      .then(
        () => null,
        (err: { cause?: { code?: string; message?: string } }) => err.cause,
      );
    expect(refused?.code).toBe('23505');
    expect(refused?.message).toContain('property_photos_position_key');
  });

  it('refuses photo ids of another property and uploads that are not the caller’s', async () => {
    const mine = await addWithPhotos(1);
    const other = await addWithPhotos(1);
    const response = await edit(mine.id, {
      ...validProperty(),
      updated_at: mine.updated_at,
      photos: [other.photo_urls[0]?.id, 'uploads/2026/01/00000000-0000-0000-0000-000000000000.png'],
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors)).toEqual(['photos.0', 'photos.1']);
    expect((await detail(mine.id)).photo_urls).toHaveLength(1);
  });
});

describe('DELETE /api/properties/:id', () => {
  it('deletes the property and its photo files; the detail then says not found', async () => {
    const doomed = await addWithPhotos(2);
    const response = await t.inject('editor', {
      method: 'DELETE',
      url: `/api/properties/${doomed.id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ id: doomed.id });
    const gone = await t.inject('viewer', { method: 'GET', url: `/api/properties/${doomed.id}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(`Property ${doomed.id} not found.`);
    for (const photo of doomed.photo_urls) {
      expect((await t.app.inject({ method: 'GET', url: photo.original_url })).statusCode).toBe(404);
    }
    expect(
      (await t.inject('editor', { method: 'DELETE', url: `/api/properties/${doomed.id}` }))
        .statusCode,
    ).toBe(404);
  });

  it('is refused to a viewer, and nothing is deleted', async () => {
    const kept = await addWithPhotos(0);
    expect(
      (await t.inject('viewer', { method: 'DELETE', url: `/api/properties/${kept.id}` }))
        .statusCode,
    ).toBe(403);
    expect((await detail(kept.id)).id).toBe(kept.id);
  });
});
