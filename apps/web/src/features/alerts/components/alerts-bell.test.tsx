import '@/features/alerts/messages';
import type { Alert } from '@bec/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertsBell } from '@/features/alerts/components/alerts-bell';
import { activateLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { renderRoutes } from '@/testing/render';
import { okReply, type StubReply, stubApi } from '@/testing/stub-api';

const alert = (over: Partial<Alert>): Alert => ({
  id: 11,
  saved_search_id: 1,
  saved_search_name: 'Depto Ñuñoa',
  property_id: 42,
  property_name: 'Depto en Irarrázaval',
  reason: 'added',
  actor_name: 'Ana Admin',
  created_at: '2026-12-06T15:30:00.000Z',
  read_at: null,
  ...over,
});

const NEW = alert({ id: 12 });
const CHANGED = alert({
  id: 11,
  property_id: 40,
  property_name: 'Casa en Los Leones',
  saved_search_name: 'Casas Providencia',
  reason: 'now_matches',
  actor_name: 'Pat editor',
});
const READ = alert({
  id: 10,
  property_id: 39,
  property_name: 'Oficina Apoquindo',
  read_at: '2026-12-05T10:00:00.000Z',
});

function renderBell(unread: () => number) {
  const api = stubApi({
    'GET /api/alerts/unread': (): StubReply => okReply({ unread: unread() }),
    'GET /api/alerts': okReply({ items: [NEW, CHANGED, READ], next_cursor: null }),
    'POST /api/alerts/12/read': okReply({ id: 12 }),
    'POST /api/alerts/read-all': okReply({ read: 2 }),
  });
  const view = renderRoutes(
    [
      { path: '/home', element: <AlertsBell /> },
      { path: '/properties/:id', element: <p>La propiedad</p> },
    ],
    '/home',
  );
  return { api, ...view };
}

beforeEach(async () => {
  await activateLocale('es-CL');
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
});

describe('AlertsBell', () => {
  it('dice cuántas alertas hay sin leer, y nada más cuando no hay', async () => {
    const { unmount } = renderBell(() => 2);
    const bell = await screen.findByRole('button', { name: 'Alertas, 2 sin leer' });
    expect(bell.closest('.mantine-Indicator-root')).toHaveTextContent('2');
    unmount();
    renderBell(() => 0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Alertas' })).toBeEnabled());
  });

  it('lista las alertas: propiedad, búsqueda, quién y cuándo; las sin leer marcadas', async () => {
    renderBell(() => 2);
    await userEvent.click(await screen.findByRole('button', { name: 'Alertas, 2 sin leer' }));
    const list = await screen.findByRole('dialog', { name: 'Alertas' });
    const links = await within(list).findAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/properties/42',
      '/properties/40',
      '/properties/39',
    ]);
    expect(links[0]).toHaveTextContent('Sin leer:Depto en Irarrázaval');
    expect(links[0]).toHaveTextContent('Nueva en «Depto Ñuñoa» · Ana Admin');
    expect(links[0]).toHaveTextContent('06-12-2026');
    expect(links[1]).toHaveTextContent('Ahora calza en «Casas Providencia» · Pat editor');
    expect(links[2]).not.toHaveTextContent('Sin leer');
  });

  it('"Marcar todas como leídas" las marca y el contador se actualiza', async () => {
    let unread = 2;
    const { api } = renderBell(() => unread);
    await userEvent.click(await screen.findByRole('button', { name: 'Alertas, 2 sin leer' }));
    const list = await screen.findByRole('dialog', { name: 'Alertas' });
    unread = 0;
    await userEvent.click(within(list).getByRole('button', { name: 'Marcar todas como leídas' }));
    await waitFor(() => expect(api.requestsTo('POST /api/alerts/read-all')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Alertas' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Marcar todas como leídas' })).toBeDisabled();
  });

  it('un clic en una alerta la marca leída y abre la propiedad', async () => {
    const { api, router } = renderBell(() => 2);
    await userEvent.click(await screen.findByRole('button', { name: 'Alertas, 2 sin leer' }));
    const list = await screen.findByRole('dialog', { name: 'Alertas' });
    await userEvent.click(await within(list).findByRole('link', { name: /Depto en Irarrázaval/ }));
    await waitFor(() => expect(api.requestsTo('POST /api/alerts/12/read')).toHaveLength(1));
    expect(router.state.location.pathname).toBe('/properties/42');
    expect(screen.getByText('La propiedad')).toBeInTheDocument();
  });

  it('pregunta de nuevo por el contador cada minuto', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { api } = renderBell(() => 1);
      await screen.findByRole('button', { name: 'Alertas, 1 sin leer' });
      expect(api.requestsTo('GET /api/alerts/unread')).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(60_000);
      await waitFor(() => expect(api.requestsTo('GET /api/alerts/unread')).toHaveLength(2));
    } finally {
      vi.useRealTimers();
    }
  });
});
