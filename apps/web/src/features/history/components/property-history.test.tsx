import '@/features/history/messages';
import type { HistoryEntry } from '@bec/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { renderWithProviders } from '@/testing/render';
import { okReply, stubApi } from '@/testing/stub-api';
import { PropertyHistory } from './property-history';

const entry = (id: number, changes: HistoryEntry['changes']): HistoryEntry => ({
  id,
  property_id: 7,
  at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  actor: { id: 1, name: 'Ana Admin' },
  changes,
});

const newer = [
  entry(3, {
    kind: 'updated',
    fields: [
      { field: 'price', from: { amount: 100, unit: 'UF' }, to: { amount: 120, unit: 'UF' } },
    ],
  }),
  entry(2, { kind: 'photos_added', photo_ids: [5, 6] }),
];
const older = [entry(1, { kind: 'created', name: 'Casa', price: { amount: 100, unit: 'UF' } })];

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
});

describe('PropertyHistory', () => {
  it('shows the timeline in Spanish, newest first, and loads older entries on "Cargar más"', async () => {
    await activateLocale('es-CL');
    const api = stubApi({
      'GET /api/properties/7/history': ({ search }) =>
        okReply(
          search.get('cursor') === 'older'
            ? { entries: older, next_cursor: null }
            : { entries: newer, next_cursor: 'older' },
        ),
    });
    renderWithProviders(<PropertyHistory propertyId={7} />);
    const section = await screen.findByRole('region', { name: 'Historial' });
    expect(
      await within(section).findByText('Ana Admin cambió el precio de UF 100 a UF 120'),
    ).toBeInTheDocument();
    expect(within(section).getByText('Ana Admin agregó 2 fotos')).toBeInTheDocument();
    const ago = within(section).getAllByText('hace 2 horas')[0];
    expect(ago?.tagName).toBe('TIME');
    expect(ago?.getAttribute('title')).toMatch(/\d{4}/);
    expect(within(section).queryByText(/agregó la propiedad/)).not.toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Cargar más' }));
    expect(
      await within(section).findByText('Ana Admin agregó la propiedad Casa a UF 100'),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Cargar más' })).not.toBeInTheDocument();
    expect(
      api.requestsTo('GET /api/properties/7/history').map((r) => r.search.get('cursor')),
    ).toEqual([null, 'older']);
  });
});
