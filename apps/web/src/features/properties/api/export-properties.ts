import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';
import { type PropertyFilters, propertyFiltersToSearchParams } from './get-properties';

/** GET /api/properties/export.csv with the list's filters, saved by the browser as a file. */
export async function exportProperties(filters: PropertyFilters) {
  const query = propertyFiltersToSearchParams(filters).toString();
  const { blob, filename } = await apiDownload(`/properties/export.csv${query ? `?${query}` : ''}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? 'bec-propiedades.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useExportProperties = () => useMutation({ mutationFn: exportProperties });
