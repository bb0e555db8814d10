import { readFile } from 'node:fs/promises';
import { missingBrowserReason } from '@bec/testkit/browser';
import { expect, test } from './fixtures';
import { api, signIn } from './support';

test.skip(missingBrowserReason !== undefined, missingBrowserReason);

test('a viewer exports the filtered list: a CSV with accents intact and one row per property', async ({
  page,
}) => {
  await signIn(page, 'viewer@bec.local');
  // Metropolitana de Santiago (13): several demo properties, names with accents (Ñuñoa, jardín).
  await page.goto('/properties?region_id=13');
  await expect(page.getByRole('link', { name: /Ñuñoa/ }).first()).toBeVisible();
  const { body } = await api(page, 'GET', '/api/properties?region_id=13&limit=100');
  const expected = body.data.props as { id: number; name: string }[];

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^bec-propiedades-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path()) ?? '');
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.subarray(3).toString('utf8');
  const lines = text.trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^ID;Nombre;Dirección;Comuna;Región;/);
  // Demo notes hold no line breaks, so each row is one line here.
  expect(lines).toHaveLength(expected.length + 1);
  expect(lines.slice(1).map((l) => Number(l.split(';')[0]))).toEqual(expected.map((p) => p.id));
  expect(text).toContain('Casa con jardín en Las Condes');
  expect(text).toContain('Ñuñoa');
});
