import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useCreateProperty } from '@/features/properties/api/create-property';
import {
  addPropertyFailureMessage,
  PROPERTY_ADDED_MESSAGE,
} from '@/features/properties/components/property-form/add-property-messages';
import { PropertyFormFields } from '@/features/properties/components/property-form/property-form-fields';
import {
  emptyPropertyFormValues,
  type PropertyFormValues,
  toFormErrors,
  toPropertyPayload,
  validatePropertyForm,
} from '@/features/properties/components/property-form/property-form-values';
import { ApiError } from '@/lib/api-client';

/** The order the fields appear in, to put the cursor on the first one in error. */
const FIELD_ORDER: readonly (keyof PropertyFormValues)[] = [
  'name',
  'property_type_id',
  'price',
  'rooms',
  'visited',
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

/**
 * The add-property form (spec §5): checked with the shared contract before anything is sent, so
 * an invalid form makes no request. The server's per-field errors come back onto the fields. After
 * a success the form is emptied, the notification "Property added successfully!" shows and a link
 * to the new property stays below the form.
 */
export function AddPropertyForm() {
  const form = useForm<PropertyFormValues>({
    mode: 'controlled',
    initialValues: emptyPropertyFormValues,
    validate: (values) => validatePropertyForm(values),
  });
  const createProperty = useCreateProperty();
  const [added, setAdded] = useState<AddedProperty | null>(null);
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
    try {
      // The photos issue uploads the picked files first and passes their storage paths here.
      const photos: string[] = [];
      const payload = toPropertyPayload(values, photos);
      const { id } = await createProperty.mutateAsync(payload);
      form.reset();
      setAdded({ id, name: payload.name });
      notifications.show({ color: 'green', message: PROPERTY_ADDED_MESSAGE });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        const errors = toFormErrors(error.fieldErrors);
        form.setErrors(errors);
        focusFirstError(errors);
      }
      notifications.show({ color: 'red', message: addPropertyFailureMessage(error) });
    } finally {
      inFlight.current = false;
    }
  };

  const busy = form.submitting || createProperty.isPending;

  return (
    <form noValidate onSubmit={form.onSubmit(submit, focusFirstError)} aria-label="Add property">
      <Stack gap="lg">
        <PropertyFormFields form={form} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Add Property
          </Button>
        </Group>
        {added && (
          <Alert color="green" title="Added" role="status">
            <Text size="sm">
              “{added.name}” is in the list now.{' '}
              <Anchor component={Link} to={paths.property.getHref(added.id)}>
                View the property
              </Anchor>
            </Text>
          </Alert>
        )}
      </Stack>
    </form>
  );
}
