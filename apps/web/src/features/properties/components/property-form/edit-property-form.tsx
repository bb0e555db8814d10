import { FOCUSABLE_PROPERTY_FIELDS, type PropertyDetail } from '@bec/contracts';
import { Alert, Button, Fieldset, Stack, Text } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useUpdateProperty } from '@/features/properties/api/update-property';
import { PhotoPicker } from '@/features/properties/components/photo-picker/photo-picker';
import { usePhotoUploads } from '@/features/properties/components/photo-picker/use-photo-uploads';
import { tokenMissingNotice } from '@/features/properties/components/property-form/add-property-messages';
import { EditPhotoList } from '@/features/properties/components/property-form/edit-photo-list';
import {
  type EditPhotoItem,
  moveKey,
  orderPhotoItems,
  savedPhotoKey,
  toPhotoRefs,
} from '@/features/properties/components/property-form/edit-photo-order';
import {
  type NewBrokerSlot,
  PropertyFormFields,
} from '@/features/properties/components/property-form/property-form-fields';
import { usePropertySubmit } from '@/features/properties/components/property-form/property-form-submit';
import {
  type PropertyFormValues,
  toPropertyFormValues,
  toUpdatePropertyPayload,
  validatePropertyForm,
} from '@/features/properties/components/property-form/property-form-values';
import { t as translate } from '@/i18n/i18n';
import { useT } from '@/i18n/use-t';
import { ApiError, errorText } from '@/lib/api-error';
import { isTokenUnavailable } from '@/lib/error-text';

const propertyUpdatedMessage = () => translate('properties.editForm.updated');

/** What the editor is told when saving failed (other than a conflict, shown in the form). */
function updatePropertyFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (isTokenUnavailable(error)) return tokenMissingNotice();
    if (error.status === 0) {
      return translate('properties.editForm.error', { message: errorText(error) });
    }
    return translate('properties.editForm.failed', { message: errorText(error) });
  }
  if (error instanceof Error && error.message) {
    return translate('properties.editForm.error', { message: error.message });
  }
  return translate('properties.editForm.errorUnknown');
}

export type EditPropertyFormProps = {
  /** The property as loaded; its `updated_at` goes back with the save. */
  property: PropertyDetail;
  /** Loads the property again (after a conflict); the form is then filled from it. */
  onReload: () => void;
  reloading?: boolean;
  /** Beside the Corredor select: add a broker without leaving the form (from the route). */
  newBroker?: NewBrokerSlot | undefined;
};

/**
 * The add form's fields and photo picker, filled from a loaded property. Saved photos and new
 * files are tiles in one order (the first is the cover). A submit uploads the new files, then PUTs
 * the property with the `updated_at` loaded and the photos in order; on success it goes to the
 * property's page. If someone saved the property in between (409), the server's message shows
 * with a "Reload" button.
 */
export function EditPropertyForm({
  property,
  onReload,
  reloading = false,
  newBroker,
}: EditPropertyFormProps) {
  const navigate = useNavigate();
  const t = useT();
  const form = useForm<PropertyFormValues>({
    mode: 'controlled',
    initialValues: toPropertyFormValues(property),
    validate: (values) => validatePropertyForm(values),
  });
  const updateProperty = useUpdateProperty();
  const photos = usePhotoUploads();
  const [order, setOrder] = useState<string[]>(() =>
    property.photo_urls.map((photo) => savedPhotoKey(photo.id)),
  );
  const [conflict, setConflict] = useState<string | null>(null);

  const items = orderPhotoItems(order, property.photo_urls, photos.photos);

  const move = (key: string, to: number) =>
    setOrder(
      moveKey(
        items.map((item) => item.key),
        key,
        to,
      ),
    );
  const remove = (item: EditPhotoItem) => {
    if (item.kind === 'new') photos.remove(item.photo.id);
    setOrder(items.map((candidate) => candidate.key).filter((key) => key !== item.key));
  };

  const focusFirstError = (errors: FormErrors) => {
    // The first in the form's order (ADR 066), not the first the validator named.
    const first = FOCUSABLE_PROPERTY_FIELDS.find((field) => errors[field]);
    if (first) form.getInputNode(first)?.focus();
  };

  const { onSubmit, busy, footer } = usePropertySubmit({
    form,
    photos,
    // The property itself is never its own duplicate.
    excludeId: property.id,
    prepare: (values, { byPhotoId }) => {
      const refs = toPhotoRefs(items, byPhotoId);
      return {
        body: toUpdatePropertyPayload(values, refs, property.updated_at),
        newPaths: [...byPhotoId.values()],
        sentPaths: refs.map((ref) => (typeof ref === 'string' ? ref : '')),
      };
    },
    save: async (body) => {
      await updateProperty.mutateAsync({ id: property.id, body });
      notifications.show({ color: 'green', message: propertyUpdatedMessage() });
      void navigate(paths.property.getHref(property.id));
    },
    onStart: () => setConflict(null),
    handleError: (error) => {
      if (!(error instanceof ApiError && error.status === 409)) return false;
      setConflict(errorText(error));
      return true;
    },
    failureMessage: updatePropertyFailureMessage,
    focusFirstError,
    pending: updateProperty.isPending || reloading,
    idleLabel: t('properties.editForm.save'),
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('properties.editForm.label')}>
      <Stack gap="lg">
        {conflict && (
          <Alert color="orange" title={t('properties.editForm.conflict')} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{conflict}</Text>
              <Button
                size="xs"
                variant="light"
                color="orange"
                loading={reloading}
                onClick={onReload}
              >
                {t('properties.editForm.reload')}
              </Button>
            </Stack>
          </Alert>
        )}
        <PropertyFormFields form={form} newBroker={newBroker} />
        <Fieldset legend={t('properties.editForm.photoOrder')}>
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('properties.editForm.photoOrderHint')}
            </Text>
            <EditPhotoList items={items} onMove={move} onRemove={remove} disabled={busy} />
          </Stack>
        </Fieldset>
        <PhotoPicker
          photos={[]}
          rejections={photos.rejections}
          onAdd={photos.add}
          onRemove={photos.remove}
          disabled={busy}
        />
        {footer}
      </Stack>
    </form>
  );
}
