import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useCreateProperty } from '@/features/properties/api/create-property';
import { PhotoPicker } from '@/features/properties/components/photo-picker/photo-picker';
import { usePhotoUploads } from '@/features/properties/components/photo-picker/use-photo-uploads';
import {
  addPropertyFailureMessage,
  propertyAddedMessage,
} from '@/features/properties/components/property-form/add-property-messages';
import {
  DuplicateWarning,
  useDuplicateCheck,
} from '@/features/properties/components/property-form/duplicate-warning';
import {
  type NewBrokerSlot,
  PropertyFormFields,
} from '@/features/properties/components/property-form/property-form-fields';
import {
  emptyPropertyFormValues,
  formErrorsWithoutPhotos,
  type PropertyFormValues,
  toPropertyPayload,
  validatePropertyForm,
} from '@/features/properties/components/property-form/property-form-values';
import { submitLabel } from '@/features/properties/components/property-form/submit-label';
import { useT } from '@/i18n/use-t';
import { fieldErrorTexts } from '@/lib/error-text';

/** The order the fields appear in, to put the cursor on the first one in error. */
const FIELD_ORDER: readonly (keyof PropertyFormValues)[] = [
  'name',
  'property_type_id',
  'price',
  'rooms',
  'stage',
  'discard_reason',
  'address',
  'city_id',
  'google_maps_url',
  'latitude',
  'longitude',
  'building_sqmts',
  'land_sqmts',
  'parking_sqmts',
  'additional_sqmts',
  'basement_sqmts',
  'broker_id',
  'notes',
];

type AddedProperty = { id: number; name: string };

/** Where a submit is: idle, uploading the photos, or saving the property. */
type Phase = 'idle' | 'uploading' | 'saving';

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
  const duplicates = useDuplicateCheck();
  const [added, setAdded] = useState<AddedProperty | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  // Mantine's `submitting` reaches the button one render late; this closes the double-click gap.
  const inFlight = useRef(false);

  const focusFirstError = (errors: FormErrors) => {
    const first = FIELD_ORDER.find((field) => errors[field]);
    if (first) form.getInputNode(first)?.focus();
  };

  const submit = async (values: PropertyFormValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setAdded(null);
    let sentPaths: string[] = [];
    try {
      if (photos.photos.length > 0) {
        setPhase('uploading');
        const uploaded = await photos.upload();
        if (!uploaded.ok) {
          if (uploaded.message) notifications.show({ color: 'red', message: uploaded.message });
          return;
        }
        sentPaths = uploaded.paths;
      }
      setPhase('saving');
      const payload = toPropertyPayload(values, sentPaths);
      // A likely duplicate waits for the editor's word ("Guardar de todos modos" submits again).
      if (await duplicates.warns(payload, sentPaths)) return;
      const { id } = await createProperty.mutateAsync(payload);
      form.reset();
      photos.reset();
      setAdded({ id, name: payload.name });
      notifications.show({ color: 'green', message: propertyAddedMessage() });
    } catch (error) {
      const fieldErrors = fieldErrorTexts(error);
      if (Object.keys(fieldErrors).length) {
        photos.showServerErrors(fieldErrors, sentPaths);
        const errors = formErrorsWithoutPhotos(fieldErrors);
        form.setErrors(errors);
        focusFirstError(errors);
      }
      notifications.show({ color: 'red', message: addPropertyFailureMessage(error) });
    } finally {
      inFlight.current = false;
      setPhase('idle');
    }
  };

  const busy = phase !== 'idle' || form.submitting || createProperty.isPending;
  const label = submitLabel({
    uploading: phase === 'uploading',
    busy,
    uploadCount: photos.uploadCount,
    photoCount: photos.photos.length,
    idle: t('properties.add'),
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(submit, focusFirstError)}
      aria-label={t('properties.addForm.label')}
    >
      <Stack gap="lg">
        <PropertyFormFields form={form} newBroker={newBroker} />
        <PhotoPicker
          photos={photos.photos}
          rejections={photos.rejections}
          onAdd={photos.add}
          onRemove={photos.remove}
          disabled={busy}
        />
        {duplicates.candidates && (
          <DuplicateWarning
            candidates={duplicates.candidates}
            onSaveAnyway={() => {
              duplicates.confirm();
              form.onSubmit(submit, focusFirstError)();
            }}
            onReview={duplicates.dismiss}
          />
        )}
        <Group justify="flex-end">
          {/* Not Mantine's `loading`, which hides the label: the label says what is going on. */}
          <Button
            type="submit"
            disabled={busy}
            aria-busy={busy}
            leftSection={busy ? <Loader size={14} color="gray" /> : undefined}
          >
            {label}
          </Button>
        </Group>
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
