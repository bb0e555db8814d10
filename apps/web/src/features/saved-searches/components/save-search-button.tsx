import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { SaveSearchDialog } from '@/features/saved-searches/components/save-search-dialog';
import { useT } from '@/i18n/use-t';
import '@/features/saved-searches/messages';

export type SaveSearchButtonProps = {
  /** The grid's filters as its URL carries them; the button shows only when one is set. */
  filters: Record<string, string>;
  canShare: boolean;
};

/** The grid's "Guardar búsqueda", in its filters bar while some filter is set. */
export function SaveSearchButton({ filters, canShare }: SaveSearchButtonProps) {
  const t = useT();
  const [opened, { open, close }] = useDisclosure(false);
  if (Object.keys(filters).length === 0) return null;
  return (
    <>
      <Button variant="light" onClick={open}>
        {t('savedSearches.save.open')}
      </Button>
      {opened && (
        <SaveSearchDialog
          opened
          onClose={close}
          filters={filters}
          canShare={canShare}
          onSaved={(saved) =>
            notifications.show({
              color: 'green',
              message: t('savedSearches.save.done', { name: saved.name }),
            })
          }
        />
      )}
    </>
  );
}
