import '@/features/history/messages';
import type { HistoryChanges, HistoryEntry } from '@bec/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { activateLocale, t } from '@/i18n/i18n';
import { entrySentences, formatAgo } from './entry-text';

const ana = { id: 1, name: 'Ana Admin' };
const entry = (changes: HistoryChanges, actor: HistoryEntry['actor'] = ana): HistoryEntry => ({
  id: 1,
  property_id: 7,
  at: '2026-11-24T12:00:00.000Z',
  actor,
  changes,
});
const say = (changes: HistoryChanges, actor?: HistoryEntry['actor']) =>
  entrySentences(entry(changes, actor), t);

describe('timeline entries, in Spanish', () => {
  beforeEach(async () => {
    await activateLocale('es-CL');
  });

  it('a price change names both prices with their unit', () => {
    expect(
      say({
        kind: 'updated',
        fields: [
          { field: 'price', from: { amount: 100, unit: 'UF' }, to: { amount: 120, unit: 'UF' } },
        ],
      }),
    ).toEqual(['Ana Admin cambió el precio de UF 100 a UF 120']);
    expect(
      say({
        kind: 'updated',
        fields: [
          {
            field: 'price',
            from: { amount: 150_000_000, unit: 'CLP' },
            to: { amount: 4500.5, unit: 'UF' },
          },
        ],
      }),
    ).toEqual(['Ana Admin cambió el precio de CLP$ 150.000.000 a UF 4.500,5']);
  });

  it('one sentence per field, with Spanish labels, names, areas and empty values', () => {
    expect(
      say({
        kind: 'updated',
        fields: [
          { field: 'comuna', from: 'Ñuñoa', to: 'Santiago' },
          { field: 'land_sqmts', from: 62.5, to: 70 },
          { field: 'notes', from: null, to: 'Vista despejada' },
          { field: 'broker', from: 'Pedro Corredor', to: null },
        ],
      }),
    ).toEqual([
      'Ana Admin cambió la comuna de «Ñuñoa» a «Santiago»',
      'Ana Admin cambió la superficie del terreno de 62,5 m² a 70 m²',
      'Ana Admin puso las notas en «Vista despejada»',
      'Ana Admin borró el corredor (era «Pedro Corredor»)',
    ]);
  });

  it('names the listing attributes the snapshot records by their Spanish labels', () => {
    expect(
      say({
        kind: 'updated',
        fields: [
          { field: 'bathrooms', from: 1, to: 2 },
          { field: 'floor', from: null, to: 7 },
        ],
      }),
    ).toEqual(['Ana Admin cambió los baños de 1 a 2', 'Ana Admin puso el piso en 7']);
  });

  it('stages by their Spanish names, with the reason for a discard', () => {
    expect(say({ kind: 'stage', from: 'new', to: 'to_visit', reason: null })).toEqual([
      'Ana Admin movió la propiedad de Nueva a Por visitar',
    ]);
    expect(
      say({ kind: 'stage', from: 'negotiating', to: 'discarded', reason: 'Muy cara' }),
    ).toEqual(['Ana Admin movió la propiedad de En negociación a Descartada: Muy cara']);
  });

  it('photos, visits, creation and deletion; the system as BEC', () => {
    expect(say({ kind: 'photos_added', photo_ids: [1, 2] })).toEqual(['Ana Admin agregó 2 fotos']);
    expect(say({ kind: 'photos_removed', photo_ids: [3] })).toEqual(['Ana Admin quitó 1 foto']);
    expect(say({ kind: 'photos_reordered', photo_ids: [2, 1] })).toEqual([
      'Ana Admin reordenó las fotos',
    ]);
    const visit = {
      visit_id: 4,
      visited_at: '2026-12-12T15:00:00.000Z',
      visitor_name: 'Elena Editora',
      rating: null,
    };
    expect(say({ kind: 'visit_added', ...visit })).toEqual([
      'Ana Admin registró una visita del 12 de diciembre',
    ]);
    expect(say({ kind: 'stage', from: 'to_visit', to: 'visited', reason: null }, null)).toEqual([
      'BEC movió la propiedad de Por visitar a Visitada',
    ]);
    expect(
      say({ kind: 'created', name: 'Depto en Ñuñoa', price: { amount: 100, unit: 'UF' } }),
    ).toEqual(['Ana Admin agregó la propiedad Depto en Ñuñoa a UF 100']);
    expect(say({ kind: 'deleted', name: 'Depto en Ñuñoa' })).toEqual([
      'Ana Admin eliminó la propiedad Depto en Ñuñoa',
    ]);
  });

  it('says how long ago', () => {
    const now = Date.parse('2026-11-24T14:00:00.000Z');
    expect(formatAgo('2026-11-24T12:00:00.000Z', t, now)).toBe('hace 2 horas');
    expect(formatAgo('2026-11-24T13:59:50.000Z', t, now)).toBe('hace un momento');
    expect(formatAgo('2026-11-23T14:00:00.000Z', t, now)).toBe('ayer');
  });
});
