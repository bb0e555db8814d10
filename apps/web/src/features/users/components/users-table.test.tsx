import type { User } from '@bec/contracts';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Overlays from '@/components/overlays/overlays';
import { UsersTable } from '@/features/users/components/users-table';
import { activateLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { renderWithProviders } from '@/testing/render';
import { errorReply, okReply, type StubReply, stubApi } from '@/testing/stub-api';

const LAST_ADMIN =
  'BEC needs at least one admin: make another member admin before demoting or removing the last one.';

const member = (id: number, name: string, role: User['role']): User => ({
  id,
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@bec.local`,
  role,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const ana = member(1, 'Ana Admin', 'admin');
const elena = member(2, 'Elena Editora', 'editor');
const victor = member(3, 'Victor Viewer', 'viewer');

const page = (items: User[], next_cursor: string | null = null) =>
  okReply({ items, next_cursor }, 'Users');

function Admin({ children }: { children: ReactNode }) {
  return (
    <>
      <Overlays />
      {children}
    </>
  );
}

const renderTable = (currentUserId: number | null = ana.id) =>
  renderWithProviders(<UsersTable currentUserId={currentUserId} />, { wrapper: Admin });

const roleSelect = (name: string) => screen.getByRole('combobox', { name: `Role of ${name}` });

async function pickRole(name: string, role: string) {
  await userEvent.click(roleSelect(name));
  await userEvent.click(await screen.findByRole('option', { name: role }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
  notifications.clean();
  modals.closeAll();
});

describe('UsersTable', () => {
  it('lists the members with their role and a delete button, and marks your own row', async () => {
    const api = stubApi({ 'GET /api/users': page([ana, elena, victor]) });
    renderTable();

    expect(screen.getByLabelText('Loading users')).toBeInTheDocument();
    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'Email',
      'Role',
      'Actions',
    ]);
    const rows = screen.getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 2)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Ana Admin (you)', 'ana@bec.local'],
      ['Elena Editora', 'elena@bec.local'],
      ['Victor Viewer', 'victor@bec.local'],
    ]);
    expect(roleSelect('Ana Admin')).toHaveValue('admin');
    expect(roleSelect('Elena Editora')).toHaveValue('editor');
    expect(roleSelect('Victor Viewer')).toHaveValue('viewer');
    expect(screen.getByRole('button', { name: 'Delete Victor Viewer' })).toBeInTheDocument();
    expect(api.requestsTo('GET /api/users')[0]?.search.get('limit')).toBe('100');
  });

  it('loads further pages with "Load more"', async () => {
    const api = stubApi({
      'GET /api/users': ({ search }) =>
        search.get('cursor') === 'next' ? page([victor]) : page([ana, elena], 'next'),
    });
    renderTable();
    await screen.findByText('Elena Editora');
    expect(screen.queryByText('Victor Viewer')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Victor Viewer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.requestsTo('GET /api/users').map((r) => r.search.get('cursor'))).toEqual([
      null,
      'next',
    ]);
  });

  it('says "No users found." when there are none', async () => {
    stubApi({ 'GET /api/users': page([]) });
    renderTable();
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows "Error: Failed to fetch users: …" when the list fails to load', async () => {
    stubApi({ 'GET /api/users': errorReply(503, 'DATABASE_UNAVAILABLE', 'The database is down.') });
    renderTable();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: Failed to fetch users: The database is unavailable right now; try again in a moment.',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('changes a role with PATCH, shows the new role while saving, then the saved one', async () => {
    let users = [ana, elena, victor];
    let release = () => {};
    const saved = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = stubApi({
      'GET /api/users': () => page(users),
      'PATCH /api/users/3': async ({ body }): Promise<StubReply> => {
        await saved;
        const updated = { ...victor, role: (body as { role: User['role'] }).role };
        users = [ana, elena, updated];
        return okReply(updated, 'Victor Viewer is now editor');
      },
    });
    renderTable();
    await screen.findByText('Victor Viewer');

    await pickRole('Victor Viewer', 'editor');
    // Pending: the select shows the new role, disabled, until the server has answered.
    await waitFor(() => expect(roleSelect('Victor Viewer')).toBeDisabled());
    expect(roleSelect('Victor Viewer')).toHaveValue('editor');

    release();
    expect(await screen.findByText('Victor Viewer is now editor')).toBeInTheDocument();
    await waitFor(() => expect(roleSelect('Victor Viewer')).toBeEnabled());
    expect(roleSelect('Victor Viewer')).toHaveValue('editor');
    expect(api.requestsTo('PATCH /api/users/3').map((r) => r.body)).toEqual([{ role: 'editor' }]);
    // The list was fetched again after the change.
    expect(api.requestsTo('GET /api/users')).toHaveLength(2);
  });

  it('does not call the API when the same role is picked again', async () => {
    const api = stubApi({ 'GET /api/users': page([ana, victor]) });
    renderTable();
    await screen.findByText('Victor Viewer');
    await pickRole('Victor Viewer', 'viewer');
    expect(api.requestsTo('PATCH /api/users/3')).toHaveLength(0);
    expect(roleSelect('Victor Viewer')).toHaveValue('viewer');
  });

  it('shows the last-admin refusal and puts the select back', async () => {
    const api = stubApi({
      'GET /api/users': page([ana, victor]),
      'PATCH /api/users/1': errorReply(409, 'LAST_ADMIN', LAST_ADMIN),
    });
    renderTable();
    await screen.findByText('Ana Admin');

    await pickRole('Ana Admin', 'viewer');
    expect(await screen.findByText(LAST_ADMIN)).toBeInTheDocument();
    await waitFor(() => expect(roleSelect('Ana Admin')).toBeEnabled());
    expect(roleSelect('Ana Admin')).toHaveValue('admin');
    expect(api.requestsTo('PATCH /api/users/1').map((r) => r.body)).toEqual([{ role: 'viewer' }]);
  });

  it('asks for confirmation, naming the member, before deleting', async () => {
    let users = [ana, elena, victor];
    const api = stubApi({
      'GET /api/users': () => page(users),
      'DELETE /api/users/2': () => {
        users = [ana, victor];
        return okReply({ id: 2 }, 'User deleted');
      },
    });
    renderTable();
    await screen.findByText('Elena Editora');

    // Cancelling changes nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Delete Elena Editora' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Elena Editora?' });
    expect(dialog).toHaveTextContent('elena@bec.local');
    expect(api.requestsTo('DELETE /api/users/2')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('DELETE /api/users/2')).toHaveLength(0);

    // Confirming deletes, and the row goes.
    await userEvent.click(screen.getByRole('button', { name: 'Delete Elena Editora' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Elena Editora?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Elena Editora was deleted.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: /Elena Editora/ })).not.toBeInTheDocument(),
    );
    expect(api.requestsTo('DELETE /api/users/2')).toHaveLength(1);
  });

  it('shows the last-admin refusal of a delete and keeps the row', async () => {
    stubApi({
      'GET /api/users': page([ana, victor]),
      'DELETE /api/users/1': errorReply(409, 'LAST_ADMIN', LAST_ADMIN),
    });
    renderTable();
    await screen.findByText('Ana Admin');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Ana Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Ana Admin?' });
    expect(dialog).toHaveTextContent('This is your own account');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(LAST_ADMIN)).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Ana Admin/ })).toBeInTheDocument();
  });

  it('speaks Spanish: headers, your row, role names, the delete dialog', async () => {
    await activateLocale('es-CL');
    stubApi({ 'GET /api/users': page([ana, victor]) });
    renderTable();

    expect(screen.getByLabelText('Cargando usuarios')).toBeInTheDocument();
    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Nombre',
      'Correo',
      'Rol',
      'Acciones',
    ]);
    expect(screen.getAllByRole('cell').map((cell) => cell.textContent)).toContain('Ana Admin (tú)');
    // The value sent stays the role's code; the select shows its Spanish name.
    expect(screen.getByRole('combobox', { name: 'Rol de Ana Admin' })).toHaveValue('administrador');
    expect(screen.getByRole('combobox', { name: 'Rol de Victor Viewer' })).toHaveValue('lector');

    await userEvent.click(screen.getByRole('button', { name: 'Eliminar a Victor Viewer' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar a Victor Viewer?' });
    expect(dialog).toHaveTextContent('Victor Viewer (victor@bec.local) pierde el acceso a BEC');
    expect(within(dialog).getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
