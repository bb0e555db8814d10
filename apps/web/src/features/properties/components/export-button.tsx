import { Button, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useExportProperties } from '@/features/properties/api/export-properties';
import {
  type PropertyFilters,
  propertiesInfiniteQueryOptions,
} from '@/features/properties/api/get-properties';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/api-error';
import { formatInteger } from '@/lib/format';

export type ExportButtonProps = { filters: PropertyFilters };

/**
 * Downloads the list as it is filtered now, as a CSV that Excel in Chile opens correctly. A long
 * list takes a while, so the button counts the rows as they arrive, against the list's total when
 * the grid has an exact one.
 */
export function ExportButton({ filters }: ExportButtonProps) {
  const exporter = useExportProperties();
  const queryClient = useQueryClient();
  const t = useT();
  const [progress, setProgress] = useState<{ rows: number; of: number | null }>({
    rows: 0,
    of: null,
  });

  const start = () => {
    const pages = queryClient.getQueryData(propertiesInfiniteQueryOptions(filters).queryKey);
    const last = pages?.pages.at(-1);
    const of = last?.total_kind === 'exact' ? last.total : null;
    setProgress({ rows: 0, of });
    exporter.mutate(
      { filters, onRows: (rows) => setProgress({ rows, of }) },
      {
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: t('properties.export.failedTitle'),
            message: t('properties.export.failed', { message: errorText(error) }),
          }),
      },
    );
  };

  const rows = formatInteger(progress.rows);
  let label = t('properties.export.button');
  if (exporter.isPending)
    label =
      progress.of === null
        ? t('properties.export.progressRows', { count: progress.rows, rows })
        : t('properties.export.progress', { rows, total: formatInteger(progress.of) });
  return (
    <Button
      variant="default"
      disabled={exporter.isPending}
      leftSection={exporter.isPending ? <Loader size={14} /> : undefined}
      onClick={start}
    >
      {label}
    </Button>
  );
}
