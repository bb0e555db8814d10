import {
  CreateSavedSearchBodySchema,
  MAX_SAVED_SEARCH_NAME,
  type SavedSearch,
  type SavedSearchScope,
} from '@bec/contracts';
import { Alert, Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCreateSavedSearch } from '@/features/saved-searches/api/create-saved-search';
import { useT } from '@/i18n/use-t';
import { contractErrors, errorText, fieldErrorTexts } from '@/lib/error-text';

type SaveSearchValues = { name: string; shared: boolean };

/** The name, checked with the API's own contract and worded in the current language. */
const validateName = contractErrors(CreateSavedSearchBodySchema.pick({ name: true }));

/** The server's field problems as the form's errors: each field's first, `filters.*` left out. */
const formErrors = (error: unknown) =>
  Object.fromEntries(
    Object.entries(fieldErrorTexts(error))
      .filter(([field]) => field === 'name')
      .map(([field, texts]) => [field, texts[0]]),
  );

export type SaveSearchDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The grid's filters as its URL carries them (`{ city_id: '13114', rooms_min: '3' }`). */
  filters: Record<string, string>;
  /** Editors and admins may share a search with the team; the server enforces the same. */
  canShare: boolean;
  onSaved?: ((search: SavedSearch) => void) | undefined;
};

/**
 * "Guardar búsqueda": the grid's current filters under a name, personal or (editors and admins)
 * shared with the team. The name is checked before anything is sent; the server's problems come
 * back onto the name, or above the form when they are about something else (the filters, the
 * limit of searches, a role).
 */
export function SaveSearchDialog({
  opened,
  onClose,
  filters,
  canShare,
  onSaved,
}: SaveSearchDialogProps) {
  const t = useT();
  const save = useCreateSavedSearch();
  const form = useForm<SaveSearchValues>({
    mode: 'controlled',
    initialValues: { name: '', shared: false },
    validate: (values) => validateName(values),
  });

  const submit = async ({ name, shared }: SaveSearchValues) => {
    const scope: SavedSearchScope = canShare && shared ? 'shared' : 'personal';
    try {
      const saved = await save.mutateAsync({ name, scope, filters });
      form.reset();
      onSaved?.(saved);
      onClose();
    } catch (error) {
      form.setErrors(formErrors(error));
    }
  };

  const otherProblem = save.isError && Object.keys(formErrors(save.error)).length === 0;
  return (
    <Modal opened={opened} onClose={onClose} title={t('savedSearches.save.title')}>
      <form
        noValidate
        onSubmit={(event) => {
          // React events bubble through portals: the grid's filters form around it must not submit.
          event.stopPropagation();
          form.onSubmit(submit)(event);
        }}
        aria-label={t('savedSearches.save.title')}
      >
        <Stack gap="sm">
          {otherProblem && (
            <Alert color="red" variant="light" role="alert">
              {t('savedSearches.save.failed', { message: errorText(save.error) })}
            </Alert>
          )}
          <TextInput
            label={t('savedSearches.save.name')}
            placeholder={t('savedSearches.save.namePlaceholder')}
            withAsterisk
            autoComplete="off"
            data-autofocus
            maxLength={MAX_SAVED_SEARCH_NAME}
            {...form.getInputProps('name')}
          />
          {canShare && (
            <Switch
              label={t('savedSearches.save.share')}
              description={t('savedSearches.save.shareHint')}
              {...form.getInputProps('shared', { type: 'checkbox' })}
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('savedSearches.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('savedSearches.save.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
