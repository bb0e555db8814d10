import { onlineManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import Overlays from '@/components/overlays/overlays';
import { FakeAuthProvider, signedInAuth } from '@/features/auth/testing/fake-auth';
import { activateLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { lasCondesHouse } from '@/testing/property-fixtures';
import { createTestQueryClient, renderRoutes } from '@/testing/render';
import { okReply, stubApi } from '@/testing/stub-api';

// Offline at a visit (ADR 060): a saved property's page shows what it has, each section that is
// not saved says once that it needs a connection, and the visit form offers the saved team.

const property = lasCondesHouse;
const team = {
  items: [
    { id: 3, name: 'Elena Editora' },
    { id: 7, name: 'Pat editor' },
  ],
};

/** The browser offline, as TanStack Query and the offline notice read it. */
function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  onlineManager.setOnline(false);
}

function goOnline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  act(() => {
    onlineManager.setOnline(true);
    window.dispatchEvent(new Event('online'));
  });
}

/** The app opened offline with what the saved working set put back (saved-queries.ts). */
function openSaved(saved: [unknown[], unknown][]) {
  const queryClient = createTestQueryClient();
  for (const [queryKey, data] of saved) queryClient.setQueryData(queryKey, data, { updatedAt: 1 });
  return renderRoutes(routes, `/properties/${property.id}`, {
    queryClient,
    wrapper: ({ children }) => (
      <FakeAuthProvider value={signedInAuth('editor')}>
        <Overlays />
        {children}
      </FakeAuthProvider>
    ),
  });
}

const UF = {
  uf: { date: '2026-11-24', value: 39643.59, source: 'cmf' },
  today: '2026-11-24',
  is_today: true,
};

beforeAll(async () => {
  await import('@/app/routes/property-detail');
  await import('@/app/app-status');
});

afterEach(() => {
  onlineManager.setOnline(true);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
});

describe('a saved property offline', () => {
  it('shows its data without saying it has none; comparables, history and visits each say once they need a connection, and load when it returns', async () => {
    await activateLocale('es-CL');
    const api = stubApi({
      [`GET /api/properties/${property.id}`]: okReply(property),
      [`GET /api/properties/${property.id}/visits`]: okReply({ visits: [] }),
      [`GET /api/properties/${property.id}/history`]: okReply({ entries: [], next_cursor: null }),
      [`GET /api/market/comparables/${property.id}`]: okReply({
        id: property.id,
        uf_per_sqm: null,
        peers: { rooms: null, count: 0, median_uf_per_sqm: null, percentile: null },
        nearest: [],
        uf: null,
      }),
      'GET /api/uf': okReply(UF),
      'GET /api/alerts/unread': okReply({ unread: 0 }),
    });
    goOffline();
    openSaved([
      [['properties', 'detail', property.id], property],
      [['uf', 'current'], UF],
    ]);

    expect(await screen.findByRole('heading', { name: property.name })).toBeVisible();
    const notice = await screen.findByText(/^Sin conexión/);
    expect(notice.closest('[role="status"]')).not.toHaveTextContent('necesita conexión');
    expect(screen.queryByText(/Esta pantalla necesita conexión/)).not.toBeInTheDocument();
    for (const name of ['Visitas', 'Comparables', 'Historial']) {
      const section = screen.getByRole('region', { name });
      expect(within(section).getAllByRole('status')).toHaveLength(1);
      expect(within(section).getByRole('status')).toHaveTextContent(/^Necesita conexión$/);
      expect(within(section).queryByText(/Cargando/)).not.toBeInTheDocument();
    }
    expect(api.requests).toHaveLength(0);

    goOnline();
    expect(
      await within(screen.getByRole('region', { name: 'Historial' })).findByText(
        'Todavía no hay cambios registrados.',
      ),
    ).toBeVisible();
    expect(
      await within(screen.getByRole('region', { name: 'Visitas' })).findByText(
        'Aún no hay visitas registradas.',
      ),
    ).toBeVisible();
    expect(screen.queryByText('Necesita conexión')).not.toBeInTheDocument();
    expect(api.requestsTo(`GET /api/market/comparables/${property.id}`)).toHaveLength(1);
  });

  it("offers the team's members saved with the working set in the visit form, the signed-in member chosen", async () => {
    await activateLocale('es-CL');
    stubApi({});
    goOffline();
    openSaved([
      [['properties', 'detail', property.id], property],
      [['uf', 'current'], UF],
      [['visits', 'visitors'], team],
    ]);

    await userEvent.click(await screen.findByRole('button', { name: 'Registrar visita' }));
    const form = await screen.findByRole('dialog', { name: 'Registrar visita' });
    const visitor = within(form).getByRole('combobox', { name: 'Quién visita' });
    expect(visitor).toHaveValue('Pat editor');
    await userEvent.click(visitor);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Elena Editora', 'Pat editor']);
  });

  it('still offers the signed-in member when the team was never saved', async () => {
    await activateLocale('es-CL');
    stubApi({});
    goOffline();
    openSaved([
      [['properties', 'detail', property.id], property],
      [['uf', 'current'], UF],
    ]);

    await userEvent.click(await screen.findByRole('button', { name: 'Registrar visita' }));
    const form = await screen.findByRole('dialog', { name: 'Registrar visita' });
    const visitor = within(form).getByRole('combobox', { name: 'Quién visita' });
    expect(visitor).toHaveValue('Pat editor');
    await userEvent.click(visitor);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Pat editor']);
  });
});
