import type { Region } from '@bec/contracts';
import { describe, expect, it } from 'vitest';
import { setupApp } from './helpers.js';

const t = setupApp();

describe('reference data', () => {
  it('has all 16 regions, north to south, with their 346 comunas', async () => {
    const response = await t.inject('viewer', { method: 'GET', url: '/api/regions' });
    expect(response.statusCode).toBe(200);
    const regions = response.json().data as Region[];
    expect(regions).toHaveLength(16);
    expect(regions.reduce((n, r) => n + r.comunas.length, 0)).toBe(346);
    expect(regions[0]).toMatchObject({
      id: 15,
      code: '15',
      name: 'Arica y Parinacota',
      roman: 'XV',
    });
    expect(regions.at(-1)?.name).toMatch(/Magallanes/);
    const rm = regions.find((r) => r.id === 13);
    expect(rm?.comunas).toHaveLength(52);
    expect(rm?.comunas.find((c) => c.id === 13120)).toEqual({
      id: 13120,
      code: '13120',
      name: 'Ñuñoa',
    });
    // Spanish collation: Ñuñoa sorts between Nogales-like N names and O names, not after Z.
    const names = rm?.comunas.map((c) => c.name) ?? [];
    expect(names.indexOf('Ñuñoa')).toBeLessThan(names.indexOf('Peñalolén'));
  });

  it('has the property types', async () => {
    const types = (await t.inject('viewer', { method: 'GET', url: '/api/property-types' })).json()
      .data;
    expect(types.map((x: { name: string }) => x.name)).toEqual(
      expect.arrayContaining([
        'Casa',
        'Departamento',
        'Oficina',
        'Local comercial',
        'Terreno',
        'Parcela',
        'Bodega',
        'Galpón',
      ]),
    );
  });
});
