import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/features/properties/messages';
import { StageMenu } from '@/features/properties/components/stage-menu';
import { activateLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { lasCondesHouse } from '@/testing/property-fixtures';
import { renderWithProviders } from '@/testing/render';
import { okReply, stubApi } from '@/testing/stub-api';

const moved = okReply({
  id: 2,
  stage: 'negotiating',
  visited: true,
  updated_at: '2026-01-02T00:00:00.000Z',
});

beforeEach(async () => {
  await act(() => activateLocale('es-CL'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
});

describe('StageMenu', () => {
  it('moves the property to the chosen stage with the version its page loaded', async () => {
    const api = stubApi({ 'PATCH /api/properties/2/stage': moved });
    renderWithProviders(<StageMenu property={lasCondesHouse} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cambiar etapa' }));
    // Its own stage (Visitada) is not offered.
    expect(screen.queryByRole('menuitem', { name: 'Visitada' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'En negociación' }));
    await waitFor(() =>
      expect(api.requestsTo('PATCH /api/properties/2/stage').map((r) => r.body)).toEqual([
        { stage: 'negotiating', discard_reason: null, updated_at: lasCondesHouse.updated_at },
      ]),
    );
  });

  it('asks why before discarding', async () => {
    const api = stubApi({ 'PATCH /api/properties/2/stage': moved });
    renderWithProviders(<StageMenu property={lasCondesHouse} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cambiar etapa' }));
    await user.click(screen.getByRole('menuitem', { name: 'Descartada' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Por qué se descarta?' });
    await user.type(
      within(dialog).getByRole('textbox', { name: /Motivo del descarte/ }),
      'Filtraciones',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Descartada' }));
    await waitFor(() =>
      expect(api.requestsTo('PATCH /api/properties/2/stage').map((r) => r.body)).toEqual([
        {
          stage: 'discarded',
          discard_reason: 'Filtraciones',
          updated_at: lasCondesHouse.updated_at,
        },
      ]),
    );
  });
});
