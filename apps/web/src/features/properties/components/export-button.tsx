import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useExportProperties } from '@/features/properties/api/export-properties';
import type { PropertyFilters } from '@/features/properties/api/get-properties';

export type ExportButtonProps = { filters: PropertyFilters };

/** Downloads the list as it is filtered now, as a CSV that Excel in Chile opens correctly. */
export function ExportButton({ filters }: ExportButtonProps) {
  const exporter = useExportProperties();
  return (
    <Button
      variant="default"
      loading={exporter.isPending}
      onClick={() =>
        exporter.mutate(filters, {
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: 'Export failed',
              message: `Failed to export properties: ${error.message}`,
            }),
        })
      }
    >
      Export CSV
    </Button>
  );
}
