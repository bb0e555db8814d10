import '@/features/saved-searches/messages';
import type { SavedSearch } from '@bec/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SaveSearchDialog } from '@/features/saved-searches/components/save-search-dialog';
import { activateLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { renderWithProviders } from '@/testing/render';
import { okReply, stubApi } from '@/testing/stub-api';

const FILTERS = { city_id: '13120', price_unit: 'UF', price_max: '6000', rooms_min: '3' };

const saved = (over: Partial<SavedSearch> = {}): SavedSearch => ({
  id: 4,
  name: 'Depto Ñuñoa',
  scope: 'personal',
  owner_id: 7,
  owner_name: 'Pat editor',
  mine: true,
  filters: FILTERS,
  subscribed: true,
  email: 'off',
  new_count: 0,
  opened_at: null,
  created_at: '2026-12-06T12:00:00.000Z',
  updated_at: '2026-12-06T12:00:00.000Z',
  ...over,
});

const renderDialog = (props: { canShare: boolean; onSaved?: (search: SavedSearch) => void }) =>
  renderWithProviders(<SaveSearchDialog opened onClose={() => {}} filters={FILTERS} {...props} />);

const nameBox = () => screen.getByRole('textbox', { name: /^Nombre/ });

beforeEach(async () => {
  await activateLocale('es-CL');
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
});

describe('SaveSearchDialog', () => {
  it('pide un nombre antes de enviar nada', async () => {
    const api = stubApi({});
    renderDialog({ canShare: true });
    expect(screen.getByRole('dialog', { name: 'Guardar búsqueda' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Falta el nombre')).toBeInTheDocument();
    expect(nameBox()).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests).toEqual([]);
  });

  it('a un lector no le ofrece compartir: la búsqueda se guarda personal', async () => {
    const api = stubApi({ 'POST /api/saved-searches': okReply(saved(), 'Saved', 201) });
    const onSaved = vi.fn();
    renderDialog({ canShare: false, onSaved });
    expect(screen.queryByRole('switch', { name: /Compartir con el equipo/ })).toBeNull();
    await userEvent.type(nameBox(), '  Depto Ñuñoa ');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved()));
    expect(api.requestsTo('POST /api/saved-searches')[0]?.body).toEqual({
      name: '  Depto Ñuñoa ',
      scope: 'personal',
      filters: FILTERS,
    });
  });

  it('un editor o un administrador puede compartirla con el equipo', async () => {
    const api = stubApi({
      'POST /api/saved-searches': okReply(saved({ scope: 'shared' }), 'Saved', 201),
    });
    renderDialog({ canShare: true });
    const share = screen.getByRole('switch', { name: /Compartir con el equipo/ });
    expect(share).not.toBeChecked();
    await userEvent.type(nameBox(), 'Depto Ñuñoa');
    await userEvent.click(share);
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.requestsTo('POST /api/saved-searches')).toHaveLength(1));
    expect(api.requestsTo('POST /api/saved-searches')[0]?.body).toMatchObject({
      scope: 'shared',
    });
  });

  it('muestra en el campo el problema que responde la API (400)', async () => {
    stubApi({
      'POST /api/saved-searches': {
        status: 400,
        body: {
          status: 'error',
          message: 'Invalid request: name: …',
          data: null,
          error: {
            code: 'VALIDATION_FAILED',
            issues: [{ field: 'name', rule: 'too_long', params: { max: 100 } }],
          },
        },
      },
    });
    const onSaved = vi.fn();
    renderDialog({ canShare: true, onSaved });
    await userEvent.type(nameBox(), 'Depto Ñuñoa');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(/como máximo 100 caracteres/)).toBeInTheDocument();
    expect(nameBox()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('dice por qué no se guardó cuando el problema no es del nombre (el máximo de búsquedas)', async () => {
    stubApi({
      'POST /api/saved-searches': {
        status: 409,
        body: {
          status: 'error',
          message: 'Too many saved searches',
          data: null,
          error: {
            code: 'CONFLICT',
            reason: { code: 'too_many_saved_searches', params: { max: 100 } },
          },
        },
      },
    });
    renderDialog({ canShare: true });
    await userEvent.type(nameBox(), 'Depto Ñuñoa');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo guardar la búsqueda: Tienes 100 búsquedas guardadas, el máximo posible',
    );
  });
});
