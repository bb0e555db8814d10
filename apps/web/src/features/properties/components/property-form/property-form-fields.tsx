import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  type NumberInputProps,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { numberInputFormat } from '@/components/number-input-format';
import { useBrokers } from '@/features/properties/api/get-brokers';
import { usePropertyTypes } from '@/features/properties/api/get-property-types';
import { useRegions } from '@/features/properties/api/get-regions';
import {
  filterComunaOptions,
  toComunaOptions,
} from '@/features/properties/components/property-form/comuna-options';
import type { PropertyFormValues } from '@/features/properties/components/property-form/property-form-values';

export type PropertyFormFieldsProps = {
  form: UseFormReturnType<PropertyFormValues>;
};

/**
 * Coordinates are usually pasted from a map as `-33.4489`, so their decimal mark is the point;
 * typing a comma gives one too. No thousands grouping.
 */
const coordinate = {
  decimalSeparator: '.',
  allowedDecimalSeparators: ['.', ','],
  hideControls: true,
} satisfies Partial<NumberInputProps>;

type ReferenceLoadErrorProps = {
  title: string;
  error: Error;
  onRetry: () => void;
};

function ReferenceLoadError({ title, error, onRetry }: ReferenceLoadErrorProps) {
  return (
    <Alert color="red" title={title}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">Error: {error.message}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * The inputs of a property, named like the payload's fields. Required ones carry an asterisk (no
 * native `required`: the contract checks them, with its messages). The comuna is a searchable
 * select grouped by region; the property type and broker are selects of the reference data.
 */
export function PropertyFormFields({ form }: PropertyFormFieldsProps) {
  const regions = useRegions();
  const propertyTypes = usePropertyTypes();
  const brokers = useBrokers();

  const comunaOptions = useMemo(() => toComunaOptions(regions.data ?? []), [regions.data]);
  const typeOptions = useMemo(
    () => (propertyTypes.data ?? []).map((type) => ({ value: String(type.id), label: type.name })),
    [propertyTypes.data],
  );
  const brokerOptions = useMemo(
    () =>
      (brokers.data ?? []).map((broker) => ({
        value: String(broker.id),
        label: broker.company ? `${broker.name} (${broker.company})` : broker.name,
      })),
    [brokers.data],
  );

  return (
    <Stack gap="lg">
      {regions.isError && (
        <ReferenceLoadError
          title="Failed to fetch comunas"
          error={regions.error}
          onRetry={() => void regions.refetch()}
        />
      )}
      {propertyTypes.isError && (
        <ReferenceLoadError
          title="Failed to fetch property types"
          error={propertyTypes.error}
          onRetry={() => void propertyTypes.refetch()}
        />
      )}
      {brokers.isError && (
        <ReferenceLoadError
          title="Failed to fetch brokers"
          error={brokers.error}
          onRetry={() => void brokers.refetch()}
        />
      )}

      <Fieldset legend="Property">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" withAsterisk autoComplete="off" {...form.getInputProps('name')} />
          <Select
            label="Property type"
            withAsterisk
            placeholder={propertyTypes.isPending ? 'Loading property types…' : 'Pick one'}
            disabled={propertyTypes.isPending}
            data={typeOptions}
            allowDeselect={false}
            {...form.getInputProps('property_type_id')}
          />
          <NumberInput
            label="Price (CLP)"
            placeholder="185.000.000"
            withAsterisk
            {...numberInputFormat()}
            {...form.getInputProps('price')}
          />
          <NumberInput
            label="Rooms"
            allowDecimal={false}
            allowNegative={false}
            hideControls
            {...form.getInputProps('rooms')}
          />
        </SimpleGrid>
        <Checkbox
          mt="md"
          label="Visited"
          {...form.getInputProps('visited', { type: 'checkbox' })}
        />
      </Fieldset>

      <Fieldset legend="Location">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Address"
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('address')}
          />
          <Select
            label="Comuna"
            withAsterisk
            searchable
            placeholder={regions.isPending ? 'Loading comunas…' : 'Type to search'}
            disabled={regions.isPending}
            data={comunaOptions}
            filter={filterComunaOptions}
            nothingFoundMessage="No comuna matches"
            maxDropdownHeight={280}
            {...form.getInputProps('city_id')}
          />
          <TextInput
            label="Google Maps URL"
            type="url"
            inputMode="url"
            placeholder="https://maps.google.com/…"
            {...form.getInputProps('google_maps_url')}
          />
          <SimpleGrid cols={2}>
            <NumberInput
              label="Latitude"
              placeholder="-33.4489"
              {...coordinate}
              {...form.getInputProps('latitude')}
            />
            <NumberInput
              label="Longitude"
              placeholder="-70.6693"
              {...coordinate}
              {...form.getInputProps('longitude')}
            />
          </SimpleGrid>
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Areas">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <NumberInput
            label="Building area (m²)"
            withAsterisk
            {...numberInputFormat()}
            {...form.getInputProps('building_sqmts')}
          />
          <NumberInput
            label="Land area (m²)"
            withAsterisk
            {...numberInputFormat()}
            {...form.getInputProps('land_sqmts')}
          />
          <NumberInput
            label="Parking area (m²)"
            {...numberInputFormat()}
            {...form.getInputProps('parking_sqmts')}
          />
          <NumberInput
            label="Additional area (m²)"
            {...numberInputFormat()}
            {...form.getInputProps('additional_sqmts')}
          />
          <NumberInput
            label="Basement area (m²)"
            {...numberInputFormat()}
            {...form.getInputProps('basement_sqmts')}
          />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Broker and notes">
        <Stack>
          <Select
            label="Broker"
            searchable
            clearable
            placeholder={brokers.isPending ? 'Loading brokers…' : 'None'}
            disabled={brokers.isPending}
            data={brokerOptions}
            nothingFoundMessage="No broker matches"
            {...form.getInputProps('broker_id')}
          />
          <Textarea label="Notes" rows={4} resize="vertical" {...form.getInputProps('notes')} />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
