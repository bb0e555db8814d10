import { FOCUSABLE_PROPERTY_FIELDS } from '@bec/contracts';
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useCreateProperty } from '@/features/properties/api/create-property';
import { ImportListingButton } from '@/features/properties/components/listing-import/import-listing-button';
import { PhotoPicker } from '@/features/properties/components/photo-picker/photo-picker';
import { usePhotoUploads } from '@/features/properties/components/photo-picker/use-photo-uploads';
import {
  addPropertyFailureMessage,
  propertyAddedMessage,
} from '@/features/properties/components/property-form/add-property-messages';
import {
  type NewBrokerSlot,
  PropertyFormFields,
} from '@/features/properties/components/property-form/property-form-fields';
import { usePropertySubmit } from '@/features/properties/components/property-form/property-form-submit';
import {
  emptyPropertyFormValues,
  type PropertyFormValues,
  toPropertyPayload,
  validatePropertyForm,
} from '@/features/properties/components/property-form/property-form-values';
import { useT } from '@/i18n/use-t';

type AddedProperty = { id: number; name: string };

/**
 * The add-property form (docs/product.md, Properties): checked with the shared contract before anything is sent, so
 * an invalid form makes no request. The server's per-field errors come back onto the fields. After
 * a success the form and its photos are emptied, the notification "Property added successfully!"
 * shows and a link to the new property stays below the form.
 *
 * With photos, a valid submit first uploads them (docs/architecture.md, How a photo upload travels): upload URLs, then a PUT of each file
 * with progress, then the property with their paths in the order picked. If any file fails,
 * nothing is posted and the form keeps everything for another try.
 */
export function AddPropertyForm({ newBroker }: { newBroker?: NewBrokerSlot | undefined } = {}) {
  const t = useT();
  const form = useForm<PropertyFormValues>({
    mode: 'controlled',
    initialValues: emptyPropertyFormValues,
    validate: (values) => validatePropertyForm(values),
  });
  const createProperty = useCreateProperty();
  const photos = usePhotoUploads();
  const [added, setAdded] = useState<AddedProperty | null>(null);

  const focusFirstError = (errors: FormErrors) => {
    // The first in the form's order (ADR 066), not the first the validator named.
    const first = FOCUSABLE_PROPERTY_FIELDS.find((field) => errors[field]);
    if (first) form.getInputNode(first)?.focus();
  };

  const { onSubmit, busy, footer } = usePropertySubmit({
    form,
    photos,
    prepare: (values, { paths }) => ({
      body: toPropertyPayload(values, paths),
      newPaths: paths,
      sentPaths: paths,
    }),
    save: async (payload) => {
      const { id } = await createProperty.mutateAsync(payload);
      form.reset();
      photos.reset();
      setAdded({ id, name: payload.name });
      notifications.show({ color: 'green', message: propertyAddedMessage() });
    },
    onStart: () => setAdded(null),
    failureMessage: addPropertyFailureMessage,
    focusFirstError,
    pending: createProperty.isPending,
    idleLabel: t('properties.add'),
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('properties.addForm.label')}>
      <Stack gap="lg">
        <Group justify="flex-end">
          <ImportListingButton
            disabled={busy}
            getValues={form.getValues}
            onImport={(values, imported) => {
              // Only what was left ticked: the rest of the form stays as the person wrote it.
              form.setValues(values);
              for (const field of Object.keys(values)) form.clearFieldError(field);
              photos.addImported(imported);
              notifications.show({ color: 'green', message: t('properties.import.filled') });
            }}
          />
        </Group>
        <PropertyFormFields form={form} newBroker={newBroker} />
        <PhotoPicker
          photos={photos.photos}
          rejections={photos.rejections}
          onAdd={photos.add}
          onRemove={photos.remove}
          disabled={busy}
        />
        {footer}
        {added && (
          <Alert color="green" title={t('properties.addForm.addedTitle')} role="status">
            <Text size="sm">
              {t('properties.addForm.inList', { name: added.name })}{' '}
              <Anchor component={Link} to={paths.property.getHref(added.id)}>
                {t('properties.addForm.view')}
              </Anchor>
            </Text>
          </Alert>
        )}
      </Stack>
    </form>
  );
}
