import { Notifications, notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/features/uf/messages';
import { activateLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { renderWithProviders } from '@/testing/render';
import { okReply, stubApi } from '@/testing/stub-api';
import { UfSettings } from './uf-settings';

const STORED_AT = '2026-11-24T12:00:00.000Z';

const current = (uf: { date: string; value: number; source: string } | null, isToday = true) =>
  okReply({ uf, today: '2026-11-24', is_today: isToday });

const values = (items: { date: string; value: number; source: string }[]) =>
  okReply({ items: items.map((item) => ({ ...item, stored_at: STORED_AT })), next_cursor: null });

function renderSettings() {
  return renderWithProviders(
    <>
      <Notifications />
      <UfSettings />
    </>,
  );
}

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
});

describe('UfSettings', () => {
  it('shows the UF in effect, its source, and the stored values, in Spanish', async () => {
    await activateLocale('es-CL');
    stubApi({
      'GET /api/uf': current({ date: '2026-11-24', value: 39643.59, source: 'cmf' }),
      'GET /api/uf/values': values([
        { date: '2026-11-25', value: 39650.12, source: 'cmf' },
        { date: '2026-11-24', value: 39643.59, source: 'cmf' },
      ]),
    });
    renderSettings();
    expect(await screen.findByRole('heading', { name: 'UF en uso' })).toBeInTheDocument();
    expect(screen.getAllByText('CLP$ 39.643,59').length).toBeGreaterThan(0);
    expect(screen.getByText(/^Valor de hoy/)).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('CLP$ 39.650,12')).toBeInTheDocument();
  });

  it("says which day's value is used when today's is not stored yet, and marks demo values", async () => {
    stubApi({
      'GET /api/uf': current({ date: '2026-11-20', value: 39600, source: 'demo' }, false),
      'GET /api/uf/values': values([{ date: '2026-11-20', value: 39600, source: 'demo' }]),
    });
    renderSettings();
    expect(
      await screen.findByText(
        /There is no value for today \(Nov 24, 2026\) yet: prices use the one from Nov 20, 2026/,
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Demo value').length).toBeGreaterThan(0);
  });

  it('says the UF value is missing when none is stored', async () => {
    stubApi({ 'GET /api/uf': current(null, false), 'GET /api/uf/values': values([]) });
    renderSettings();
    expect(await screen.findByText('The UF value is missing')).toBeInTheDocument();
    expect(await screen.findByText('No UF values are stored yet.')).toBeInTheDocument();
  });

  it('stores a value entered by hand, checked by the contract first', async () => {
    const api = stubApi({
      'GET /api/uf': current(null, false),
      'GET /api/uf/values': values([]),
      'PUT /api/uf/values/2026-11-24': okReply({
        stored: { date: '2026-11-24', value: 39643.59, source: 'manual', stored_at: STORED_AT },
        in_effect: { date: '2026-11-24', value: 39643.59, source: 'manual' },
        repriced: 3,
      }),
    });
    const user = userEvent.setup();
    renderSettings();
    const value = await screen.findByRole('textbox', { name: /Value of 1 UF/ });
    await user.type(value, '39');
    await user.click(screen.getByRole('button', { name: 'Save value' }));
    expect(api.requestsTo('PUT /api/uf/values/2026-11-24')).toHaveLength(0);
    expect(screen.getByText(/UF value must be between 1000 and 100000 pesos/)).toBeInTheDocument();

    await user.clear(value);
    await user.type(value, '39643.59');
    await user.click(screen.getByRole('button', { name: 'Save value' }));
    expect(
      await screen.findByText(
        'UF of Nov 24, 2026 saved: CLP$ 39,643.59. 3 prices in UF recalculated.',
      ),
    ).toBeInTheDocument();
    expect(api.requestsTo('PUT /api/uf/values/2026-11-24')[0]?.body).toEqual({ value: 39643.59 });
  });
});
