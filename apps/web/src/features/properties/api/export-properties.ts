import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { csvRowCounter } from '@/lib/csv-rows';
import { type PropertyFilters, propertyFiltersToSearchParams } from './get-properties';

type ExportRequest = {
  filters: PropertyFilters;
  /** The rows received so far, as the file arrives. */
  onRows?: (rows: number) => void;
};

/**
 * GET /api/properties/export.csv with the list's filters, saved by the browser as a file.
 * Answers how many properties the file holds.
 */
async function exportProperties({ filters, onRows }: ExportRequest) {
  const query = propertyFiltersToSearchParams(filters).toString();
  const counter = csvRowCounter();
  const { blob, filename } = await apiDownload(
    `/properties/export.csv${query ? `?${query}` : ''}`,
    {
      onChunk: (chunk) => {
        counter.add(chunk);
        onRows?.(counter.rows);
      },
    },
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? 'bec-propiedades.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return counter.rows;
}

export const useExportProperties = () => useMutation({ mutationFn: exportProperties });
