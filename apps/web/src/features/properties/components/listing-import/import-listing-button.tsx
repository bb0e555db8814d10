import type { ImportedPhotos } from '@bec/contracts';
import { Button, Center, Loader, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import type { ImportDraft } from '@/features/properties/components/listing-import/imported-values';
import type { PropertyFormValues } from '@/features/properties/components/property-form/property-form-values';
import { useT } from '@/i18n/use-t';

// The panel (preview, its boxes, the reading) loads only when someone opens it.
const ImportListingPanel = lazy(() =>
  import('@/features/properties/components/listing-import/import-listing-panel').then(
    ({ ImportListingPanel }) => ({ default: ImportListingPanel }),
  ),
);

export type ImportListingButtonProps = {
  /** The form's values now, read when the dialog opens. */
  getValues: () => PropertyFormValues;
  /** The ticked values and the fetched photos, to put in the form. */
  onImport: (values: ImportDraft, photos: ImportedPhotos) => void;
  disabled?: boolean;
};

/** "Importar aviso": opens the import panel in a dialog above the add form. */
export function ImportListingButton({ getValues, onImport, disabled }: ImportListingButtonProps) {
  const t = useT();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="light" onClick={open} disabled={disabled}>
        {t('properties.import.open')}
      </Button>
      {opened && (
        <Modal opened onClose={close} title={t('properties.import.title')} size="lg">
          <Suspense
            fallback={
              <Center py="lg" role="status" aria-label={t('properties.import.loading')}>
                <Loader size="sm" />
              </Center>
            }
          >
            <ImportListingPanel
              current={getValues()}
              onAccept={(values, photos) => {
                close();
                onImport(values, photos);
              }}
            />
          </Suspense>
        </Modal>
      )}
    </>
  );
}
