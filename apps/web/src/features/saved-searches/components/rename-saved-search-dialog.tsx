import {
  CreateSavedSearchBodySchema,
  MAX_SAVED_SEARCH_NAME,
  type SavedSearch,
} from '@bec/contracts';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useUpdateSavedSearch } from '@/features/saved-searches/api/update-saved-search';
import { useT } from '@/i18n/use-t';
import { contractErrors, errorText, fieldErrorTexts } from '@/lib/error-text';

const validateName = contractErrors(CreateSavedSearchBodySchema.pick({ name: true }));

const nameError = (error: unknown) => fieldErrorTexts(error).name?.[0];

export type RenameSavedSearchDialogProps = {
  search: Pick<SavedSearch, 'id' | 'name'>;
  onClose: () => void;
};

/** "Renombrar": a saved search's name, checked like the one it was saved with. */
export function RenameSavedSearchDialog({ search, onClose }: RenameSavedSearchDialogProps) {
  const t = useT();
  const update = useUpdateSavedSearch();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: search.name },
    validate: (values) => validateName(values),
  });

  const submit = async ({ name }: { name: string }) => {
    try {
      await update.mutateAsync({ id: search.id, body: { name } });
      onClose();
    } catch (error) {
      const problem = nameError(error);
      if (problem) form.setFieldError('name', problem);
    }
  };

  const title = t('savedSearches.rename.title', { name: search.name });
  return (
    <Modal opened onClose={onClose} title={title}>
      <form noValidate onSubmit={form.onSubmit(submit)} aria-label={title}>
        <Stack gap="sm">
          {update.isError && nameError(update.error) === undefined && (
            <Alert color="red" variant="light" role="alert">
              {t('savedSearches.rename.failed', { message: errorText(update.error) })}
            </Alert>
          )}
          <TextInput
            label={t('savedSearches.save.name')}
            withAsterisk
            autoComplete="off"
            data-autofocus
            maxLength={MAX_SAVED_SEARCH_NAME}
            {...form.getInputProps('name')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={update.isPending}>
              {t('savedSearches.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('savedSearches.rename.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
