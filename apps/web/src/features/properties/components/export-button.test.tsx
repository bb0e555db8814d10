import type { PropertyList, TotalKind } from '@bec/contracts';
import { Notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { propertiesInfiniteQueryOptions } from '@/features/properties/api/get-properties';
import { ExportButton } from '@/features/properties/components/export-button';
import { activateLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { renderWithProviders } from '@/testing/render';

const encoder = new TextEncoder();

/** A CSV download whose body arrives when the test says so. */
function streamingDownload() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c;
    },
  });
  const fetchMock = vi.fn(
    async () =>
      new Response(body, {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="bec-propiedades-2026-11-21.csv"',
        },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    fail: () => controller.error(new TypeError('network error')),
    end: () => controller.close(),
  };
}

const listed = (total: number, total_kind: TotalKind): PropertyList => ({
  props: [],
  next_cursor: null,
  total,
  total_kind,
  uf: null,
});

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  setAccessTokenSource(async () => 'at-1');
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});
afterEach(() => {
  setAccessTokenSource(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ExportButton', () => {
  it('counts the rows as they arrive against the list total, then saves the file', async () => {
    const download = streamingDownload();
    const filters = { region_id: 13 };
    const { queryClient } = renderWithProviders(<ExportButton filters={filters} />);
    queryClient.setQueryData(propertiesInfiniteQueryOptions(filters).queryKey, {
      pages: [listed(3, 'exact')],
      pageParams: [null],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(download.fetchMock).toHaveBeenCalledWith(
      '/api/properties/export.csv?region_id=13',
      expect.anything(),
    );
    download.send('\uFEFFID;Nombre;Notas\r\n1;Casa en Ñuñoa;"dos\r\nlíneas"\r\n2;Depto');
    expect(await screen.findByRole('button', { name: /Exporting… 1 of 3/ })).toBeDisabled();
    download.send(' en Providencia;\r\n');
    expect(await screen.findByRole('button', { name: /Exporting… 2 of 3/ })).toBeDisabled();
    download.send('3;Parcela en Pirque;\r\n');
    download.end();

    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(saved).toEqual(['bec-propiedades-2026-11-21.csv']);
  });

  it.each([
    ['a lower bound', 1000, 'at_least'],
    ['an estimate', 24_321, 'estimate'],
  ] as const)('counts rows alone when the list total is %s', async (_, total, kind) => {
    const download = streamingDownload();
    const { queryClient } = renderWithProviders(<ExportButton filters={{}} />);
    queryClient.setQueryData(propertiesInfiniteQueryOptions({}).queryKey, {
      pages: [listed(total, kind)],
      pageParams: [null],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    download.send('ID;Nombre\r\n1;Casa\r\n');
    expect(await screen.findByRole('button', { name: /Exporting… 1 row$/ })).toBeDisabled();
    download.end();
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('counts in Spanish, in the singular and the plural', async () => {
    await act(() => activateLocale('es-CL'));
    const download = streamingDownload();
    renderWithProviders(<ExportButton filters={{}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    download.send('ID;Nombre\r\n1;Casa\r\n');
    expect(await screen.findByRole('button', { name: /Exportando… 1 fila$/ })).toBeDisabled();
    download.send('2;Depto\r\n');
    expect(await screen.findByRole('button', { name: /Exportando… 2 filas$/ })).toBeDisabled();
    download.end();
    expect(await screen.findByRole('button', { name: 'Exportar CSV' })).toBeEnabled();
  });

  it('says the download was cut off when the body stops halfway, and saves nothing', async () => {
    const download = streamingDownload();
    renderWithProviders(
      <>
        <Notifications />
        <ExportButton filters={{}} />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    download.send('ID;Nombre\r\n1;Casa\r\n');
    await screen.findByRole('button', { name: /Exporting… 1 row$/ });
    download.fail();
    expect(
      await screen.findByText(
        'Failed to export properties: The download was cut off (network error); try again.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
    expect(saved).toEqual([]);
  });
});
