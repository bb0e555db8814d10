import type { User, WaitlistEntry } from '@bec/contracts';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Overlays from '@/components/overlays/overlays';
import { userKeys } from '@/entities/member/member-query-keys';
import { WaitlistTable } from '@/features/waitlist/components/waitlist-table';
import { activateLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { renderWithProviders } from '@/testing/render';
import { errorReply, okReply, stubApi } from '@/testing/stub-api';

const entry = (id: number, name: string): WaitlistEntry => ({
  id,
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
  requested_at: '2026-02-01T00:00:00.000Z',
});
const nina = entry(11, 'Nina Nueva');
const gabriel = entry(12, 'Gabriel Guest');

const page = (items: WaitlistEntry[]) => okReply({ items, next_cursor: null }, 'Waitlist');

function Admin({ children }: { children: ReactNode }) {
  return (
    <>
      <Overlays />
      {children}
    </>
  );
}

const renderTable = (enabled = true) =>
  renderWithProviders(<WaitlistTable enabled={enabled} />, { wrapper: Admin });

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
  notifications.clean();
  modals.closeAll();
});

describe('WaitlistTable', () => {
  it('lists the requests with a role select, an Add button and a delete button', async () => {
    stubApi({ 'GET /api/waitlist': page([nina, gabriel]) });
    renderTable();
    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'Email',
      'Add User',
      'Delete',
    ]);
    const row = screen.getByRole('row', { name: /Nina Nueva/ });
    expect(within(row).getByText('nina@example.com')).toBeInTheDocument();
    expect(within(row).getByRole('combobox', { name: 'Role for Nina Nueva' })).toHaveValue(
      'viewer',
    );
    expect(within(row).getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete Nina Nueva' })).toBeInTheDocument();
  });

  it('says "No users found on the waitlist." when empty, and Sync fetches it again', async () => {
    let entries: WaitlistEntry[] = [];
    const api = stubApi({ 'GET /api/waitlist': () => page(entries) });
    renderTable();
    expect(await screen.findByText('No users found on the waitlist.')).toBeInTheDocument();
    expect(api.requestsTo('GET /api/waitlist')).toHaveLength(1);

    entries = [nina];
    await userEvent.click(screen.getByRole('button', { name: 'Sync' }));
    expect(await screen.findByText('Nina Nueva')).toBeInTheDocument();
    expect(api.requestsTo('GET /api/waitlist')).toHaveLength(2);
    expect(screen.queryByText('No users found on the waitlist.')).not.toBeInTheDocument();
  });

  it('is not fetched unless enabled (admins only)', async () => {
    const api = stubApi({ 'GET /api/waitlist': page([nina]) });
    renderTable(false);
    // Give a request every chance to start.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText('Nina Nueva')).not.toBeInTheDocument();
  });

  it('shows "Error: {message}" when the waitlist fails to load', async () => {
    stubApi({ 'GET /api/waitlist': errorReply(403, 'FORBIDDEN', 'Admins only.') });
    renderTable();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: You do not have permission to do this.',
    );
  });

  it('grants access with the picked role; the row goes and the users list is refreshed', async () => {
    let entries = [nina, gabriel];
    const api = stubApi({
      'GET /api/waitlist': () => page(entries),
      'POST /api/waitlist/11/approve': ({ body }) => {
        entries = [gabriel];
        const role = (body as { role: User['role'] }).role;
        const user: User = {
          id: 40,
          name: nina.name,
          email: nina.email,
          role,
          created_at: '2026-02-02T00:00:00.000Z',
          updated_at: '2026-02-02T00:00:00.000Z',
        };
        return okReply(user, `Nina Nueva can now sign in as ${role}`, 201);
      },
    });
    const { queryClient } = renderTable();
    // A users list already in the cache must be marked stale by the approval.
    queryClient.setQueryData(userKeys.lists(), { pages: [], pageParams: [] });

    const row = await screen.findByRole('row', { name: /Nina Nueva/ });
    await userEvent.click(within(row).getByRole('combobox', { name: 'Role for Nina Nueva' }));
    await userEvent.click(await screen.findByRole('option', { name: 'editor' }));
    await userEvent.click(within(row).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Nina Nueva can now sign in as editor')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: /Nina Nueva/ })).not.toBeInTheDocument(),
    );
    expect(api.requestsTo('POST /api/waitlist/11/approve').map((r) => r.body)).toEqual([
      { role: 'editor' },
    ]);
    expect(queryClient.getQueryState(userKeys.lists())?.isInvalidated).toBe(true);
  });

  it('shows why a grant was refused', async () => {
    stubApi({
      'GET /api/waitlist': page([nina]),
      'POST /api/waitlist/11/approve': errorReply(
        409,
        'CONFLICT',
        'nina@example.com is already a member (viewer).',
      ),
    });
    renderTable();
    const row = await screen.findByRole('row', { name: /Nina Nueva/ });
    await userEvent.click(within(row).getByRole('button', { name: 'Add' }));
    // The code's text in the user's language; the API's English message says who and why.
    expect(
      await screen.findByText(
        'This clashes with a change made in the meantime: reload to see where things stand, then try again.',
      ),
    ).toBeInTheDocument();
  });

  it('asks for confirmation before deleting a request', async () => {
    let entries = [nina, gabriel];
    const api = stubApi({
      'GET /api/waitlist': () => page(entries),
      'DELETE /api/waitlist/12': () => {
        entries = [nina];
        return okReply({ id: 12 }, 'Waitlist entry deleted');
      },
    });
    renderTable();
    await screen.findByText('Gabriel Guest');

    await userEvent.click(screen.getByRole('button', { name: 'Delete Gabriel Guest' }));
    let dialog = await screen.findByRole('dialog', {
      name: 'Delete the request of Gabriel Guest?',
    });
    expect(dialog).toHaveTextContent('gabriel@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('DELETE /api/waitlist/12')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Gabriel Guest' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete the request of Gabriel Guest?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('The access request of Gabriel Guest was deleted.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Gabriel Guest')).not.toBeInTheDocument());
    expect(api.requestsTo('DELETE /api/waitlist/12')).toHaveLength(1);
  });

  it('speaks Spanish: headers, the role select, the buttons, the empty state', async () => {
    await activateLocale('es-CL');
    let entries = [nina];
    stubApi({ 'GET /api/waitlist': () => page(entries) });
    renderTable();

    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Nombre',
      'Correo',
      'Agregar usuario',
      'Eliminar',
    ]);
    const row = screen.getByRole('row', { name: /Nina Nueva/ });
    expect(within(row).getByRole('combobox', { name: 'Rol para Nina Nueva' })).toHaveValue(
      'lector',
    );
    expect(within(row).getByRole('button', { name: 'Agregar' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Eliminar a Nina Nueva' })).toBeInTheDocument();

    entries = [];
    await userEvent.click(within(row).getByRole('button', { name: 'Eliminar a Nina Nueva' }));
    const dialog = await screen.findByRole('dialog', {
      name: '¿Eliminar la solicitud de Nina Nueva?',
    });
    expect(dialog).toHaveTextContent('Nina Nueva (nina@example.com) queda sin acceso a BEC.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so in Spanish when the waitlist is empty', async () => {
    await activateLocale('es-CL');
    stubApi({ 'GET /api/waitlist': page([]) });
    renderTable();
    expect(await screen.findByText('No hay usuarios en la lista de espera.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sincronizar' })).toBeInTheDocument();
  });
});
