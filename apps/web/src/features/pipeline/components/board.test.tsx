import type { PropertyCard, PropertyStage } from '@bec/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Overlays from '@/components/overlays/overlays';
import '@/features/pipeline/messages';
import { Board } from '@/features/pipeline/components/board';
import { activateLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { propertyCard } from '@/testing/property-fixtures';
import { renderRoutes } from '@/testing/render';
import { okReply, type StubReply, type StubRequest, stubApi } from '@/testing/stub-api';

const VERSION = '2026-01-01T00:00:00.000Z';
const cards: PropertyCard[] = [
  propertyCard(1, { name: 'Casa en Ñuñoa', stage: 'new', updated_at: VERSION }),
  propertyCard(2, { name: 'Depto en Providencia', stage: 'new', updated_at: VERSION }),
  propertyCard(3, { name: 'Oficina en El Golf', stage: 'to_visit', updated_at: VERSION }),
];

/**
 * The list endpoint: each column's cards, a count stopped at the cap for Descartada and an
 * estimated one for En negociación.
 */
const list = (request: StubRequest): StubReply => {
  const stage = request.search.get('stage') as PropertyStage;
  const props = cards.filter((c) => c.stage === stage);
  const counted =
    stage === 'discarded'
      ? { total: 1000, total_kind: 'at_least' as const }
      : stage === 'negotiating'
        ? { total: 24_321, total_kind: 'estimate' as const }
        : { total: props.length, total_kind: 'exact' as const };
  return okReply({ props, next_cursor: null, ...counted, uf: null });
};

function renderBoard(canMove = true) {
  return renderRoutes(
    [
      {
        path: '/board',
        element: (
          <>
            <Overlays />
            <Board filters="region_id=13&q=casa" canMove={canMove} />
          </>
        ),
      },
    ],
    '/board',
  );
}

const column = (name: string) => screen.getByRole('region', { name });

beforeEach(async () => {
  await act(() => activateLocale('es-CL'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
});

describe('Board', () => {
  it('shows a column per stage with its count, each asking for its stage with the grid filters', async () => {
    const api = stubApi({ 'GET /api/properties': list });
    renderBoard();
    expect(await within(column('Nueva')).findByText('2 propiedades')).toBeInTheDocument();
    expect(within(column('Nueva')).getByText('Casa en Ñuñoa')).toBeInTheDocument();
    expect(await within(column('Por visitar')).findByText('1 propiedad')).toBeInTheDocument();
    expect(
      await within(column('Descartada')).findByText('más de 1.000 propiedades'),
    ).toBeInTheDocument();
    const estimate = await within(column('En negociación')).findByText('≈ 24.000 propiedades');
    expect(estimate.closest('[data-testid="column-count"]')).toHaveAttribute(
      'title',
      expect.stringMatching(/^Cifra aproximada/),
    );
    expect(
      within(column('Comprada')).getByText('Ninguna propiedad en esta etapa.'),
    ).toBeInTheDocument();
    const asked = api.requestsTo('GET /api/properties');
    expect(asked.map((r) => r.search.get('stage')).sort()).toEqual([
      'bought',
      'discarded',
      'negotiating',
      'new',
      'offer_made',
      'to_visit',
      'visited',
    ]);
    for (const request of asked) {
      expect(request.search.get('sort')).toBe('newest');
      expect(request.search.get('region_id')).toBe('13');
      expect(request.search.get('q')).toBe('casa');
    }
  });

  it('moves a card with "Mover a…", at once, sending the version the card was loaded with', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = stubApi({
      'GET /api/properties': list,
      'PATCH /api/properties/1/stage': async () => {
        await answered;
        return okReply({
          id: 1,
          stage: 'to_visit',
          visited: false,
          updated_at: '2026-01-02T00:00:00.000Z',
        });
      },
    });
    renderBoard();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Mover Casa en Ñuñoa a otra etapa' }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Por visitar' }));
    // Before the server answers, the card is already in its new column.
    expect(within(column('Por visitar')).getByText('Casa en Ñuñoa')).toBeInTheDocument();
    expect(within(column('Nueva')).queryByText('Casa en Ñuñoa')).toBeNull();
    expect(within(column('Nueva')).getByText('1 propiedad')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Casa en Ñuñoa pasó a Por visitar.')).toBeInTheDocument();
    expect(api.requestsTo('PATCH /api/properties/1/stage').map((r) => r.body)).toEqual([
      { stage: 'to_visit', discard_reason: null, updated_at: VERSION },
    ]);
  });

  it('adjusts only exact counts when a card moves: a capped or estimated one stays as it was', async () => {
    stubApi({
      'GET /api/properties': list,
      'PATCH /api/properties/3/stage': okReply({
        id: 3,
        stage: 'negotiating',
        visited: false,
        updated_at: '2026-01-02T00:00:00.000Z',
      }),
    });
    renderBoard();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Mover Oficina en El Golf a otra etapa' }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'En negociación' }));
    expect(within(column('En negociación')).getByText('Oficina en El Golf')).toBeInTheDocument();
    expect(within(column('Por visitar')).getByText('0 propiedades')).toBeInTheDocument();
    expect(within(column('En negociación')).getByText('≈ 24.000 propiedades')).toBeInTheDocument();
    expect(
      await screen.findByText('Oficina en El Golf pasó a En negociación.'),
    ).toBeInTheDocument();
  });

  it('puts the card back and says who changed it when the server answers 409', async () => {
    stubApi({
      'GET /api/properties': list,
      'PATCH /api/properties/2/stage': {
        status: 409,
        body: {
          status: 'error',
          message: 'This property was changed by Ana Admin after you opened it.',
          data: null,
          error: {
            code: 'CONFLICT',
            reason: { code: 'property_changed_by', params: { name: 'Ana Admin' } },
          },
        },
      },
    });
    renderBoard();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Mover Depto en Providencia a otra etapa' }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Visitada' }));
    expect(
      await screen.findByText(/No se movió Depto en Providencia: .*Ana Admin/),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(column('Nueva')).getByText('Depto en Providencia')).toBeInTheDocument(),
    );
    expect(within(column('Visitada')).queryByText('Depto en Providencia')).toBeNull();
  });

  it('asks why before discarding, and sends the reason', async () => {
    const api = stubApi({
      'GET /api/properties': list,
      'PATCH /api/properties/3/stage': okReply({
        id: 3,
        stage: 'discarded',
        visited: false,
        updated_at: '2026-01-02T00:00:00.000Z',
      }),
    });
    renderBoard();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Mover Oficina en El Golf a otra etapa' }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'Descartada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Descartar Oficina en El Golf' });
    await user.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    expect(within(dialog).getByText('Escribe por qué se descarta.')).toBeInTheDocument();
    expect(api.requestsTo('PATCH /api/properties/3/stage')).toHaveLength(0);
    await user.type(
      within(dialog).getByRole('textbox', { name: /Motivo del descarte/ }),
      'Muy cara',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Descartar' }));
    await waitFor(() =>
      expect(api.requestsTo('PATCH /api/properties/3/stage').map((r) => r.body)).toEqual([
        { stage: 'discarded', discard_reason: 'Muy cara', updated_at: VERSION },
      ]),
    );
  });

  it('is read-only for viewers: no drag handle, no "Mover a…"', async () => {
    stubApi({ 'GET /api/properties': list });
    renderBoard(false);
    expect(await within(column('Nueva')).findByText('Casa en Ñuñoa')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mover .* a otra etapa/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Arrastrar/ })).toBeNull();
    expect(
      screen.getByText(/solo editores y administradores mueven propiedades/),
    ).toBeInTheDocument();
  });
});
