import { MAX_DISCARD_REASON, ORIENTATIONS, PROPERTY_STAGES } from '@bec/contracts';
import {
  Fieldset,
  Group,
  Select,
  type SelectProps,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type ReactNode, useMemo } from 'react';
import { NumberField } from '@/components/number-field';
import { LoadFailed } from '@/components/screen-states/load-failed';
import { ComunaSelect } from '@/entities/reference/comuna-select';
import { PropertyTypeSelect } from '@/entities/reference/property-type-select';
import { useBrokers, usePropertyTypes, useRegions } from '@/entities/reference/reference-queries';
import { ORIENTATION_NAMES } from '@/features/properties/components/orientation-names';
import type { PropertyFormValues } from '@/features/properties/components/property-form/property-form-values';
import { PropertyPriceField } from '@/features/properties/components/property-price-field';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/api-error';
import {
  formatArea,
  formatCoordinate,
  formatDecimal,
  formatInteger,
  formatPrice,
} from '@/lib/format';
import { stageLabel } from '@/lib/stages';

/**
 * What a route puts beside the Corredor select (features don't import each other): a way to add
 * a broker without leaving the form. `onCreated` selects the new broker once the list has it.
 */
export type NewBrokerSlot = (props: { onCreated: (brokerId: number) => void }) => ReactNode;

export type PropertyFormFieldsProps = {
  form: UseFormReturnType<PropertyFormValues>;
  newBroker?: NewBrokerSlot | undefined;
};

/** Examples in the empty boxes: a link and coordinates are written the same in every language. */
const MAPS_URL_EXAMPLE = 'https://maps.google.com/…';
const LATITUDE_EXAMPLE = '-33.4489';
const LONGITUDE_EXAMPLE = '-70.6693';
/** A price as the language writes it: "185.000.000" / "185,000,000", or "4.500,5" UF. */
const PRICE_EXAMPLE = { CLP: 185_000_000, UF: 4_500.5 } as const;

type ReferenceSelectProps = Omit<SelectProps, 'placeholder' | 'disabled'> & {
  /** The reference query the options come from: the select waits, disabled, while it loads. */
  pending: boolean;
  /** The placeholder while the options load, and once they are there. */
  placeholders: { loading: string; ready: string };
};

/** A select of reference data (types, comunas, brokers), disabled until its options arrive. */
function ReferenceSelect({ pending, placeholders, ...props }: ReferenceSelectProps) {
  return (
    <Select
      placeholder={pending ? placeholders.loading : placeholders.ready}
      disabled={pending}
      {...props}
    />
  );
}

/**
 * The inputs of a property, named like the payload's fields. Required ones carry an asterisk (no
 * native `required`: the contract checks them, with its messages). The comuna is a searchable
 * select grouped by region; the property type and broker are selects of the reference data.
 */
export function PropertyFormFields({ form, newBroker }: PropertyFormFieldsProps) {
  const t = useT();
  const regions = useRegions();
  const propertyTypes = usePropertyTypes();
  // The broker the property had when the form opened stays a choice even if archived since.
  const brokers = useBrokers(Number(form.getInitialValues().broker_id) || null);
  const inUf = form.values.price_unit === 'UF';

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
      {(
        [
          [regions, 'properties.form.comunasFailed'],
          [propertyTypes, 'properties.form.typesFailed'],
          [brokers, 'properties.form.brokersFailed'],
        ] as const
      ).map(
        ([query, title]) =>
          query.isError && (
            <LoadFailed
              key={title}
              title={t(title)}
              message={t('common.error', { message: errorText(query.error) })}
              onRetry={() => void query.refetch()}
            />
          ),
      )}

      <Fieldset legend={t('properties.form.property')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('properties.form.name')}
            withAsterisk
            autoComplete="off"
            {...form.getInputProps('name')}
          />
          <PropertyTypeSelect
            label={t('properties.form.propertyType')}
            withAsterisk
            {...form.getInputProps('property_type_id')}
          />
          <PropertyPriceField
            placeholder={inUf ? formatDecimal(PRICE_EXAMPLE.UF) : formatInteger(PRICE_EXAMPLE.CLP)}
            withAsterisk
            unit={form.getInputProps('price_unit')}
            {...form.getInputProps('price')}
          />
          <NumberField
            label={t('properties.form.rooms')}
            format={formatInteger}
            {...form.getInputProps('rooms')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 4 }} mt="md">
          {(
            [
              ['bathrooms', 'properties.form.bathrooms'],
              ['parking_spaces', 'properties.form.parking_spaces'],
              ['storage_units', 'properties.form.storage_units'],
              ['floor', 'properties.form.floor'],
            ] as const
          ).map(([field, label]) => (
            <NumberField
              key={field}
              label={t(label)}
              format={formatInteger}
              {...form.getInputProps(field)}
            />
          ))}
          <NumberField
            label={t('properties.form.common_expenses')}
            format={formatPrice}
            {...form.getInputProps('common_expenses')}
          />
          <Select
            label={t('properties.form.orientation')}
            clearable
            data={ORIENTATIONS.map((value) => ({ value, label: t(ORIENTATION_NAMES[value]) }))}
            {...form.getInputProps('orientation')}
          />
          <NumberField
            label={t('properties.form.year_built')}
            format={String}
            {...form.getInputProps('year_built')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="md">
          <Select
            label={t('properties.form.stage')}
            data={PROPERTY_STAGES.map((stage) => ({
              value: stage,
              label: t(stageLabel(stage)),
            }))}
            allowDeselect={false}
            {...form.getInputProps('stage')}
          />
          {form.getValues().stage === 'discarded' && (
            <TextInput
              label={t('properties.form.discardReason')}
              placeholder={t('properties.form.discardReasonPlaceholder')}
              withAsterisk
              maxLength={MAX_DISCARD_REASON}
              {...form.getInputProps('discard_reason')}
            />
          )}
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend={t('properties.form.location')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('properties.form.address')}
            autoComplete="off"
            {...form.getInputProps('address')}
          />
          <ComunaSelect
            label={t('properties.form.comuna')}
            withAsterisk
            maxDropdownHeight={280}
            {...form.getInputProps('city_id')}
          />
          <TextInput
            label={t('properties.form.mapsUrl')}
            type="url"
            inputMode="url"
            placeholder={MAPS_URL_EXAMPLE}
            {...form.getInputProps('google_maps_url')}
          />
          <SimpleGrid cols={2}>
            <NumberField
              label={t('properties.form.latitude')}
              placeholder={LATITUDE_EXAMPLE}
              grouping={false}
              format={formatCoordinate}
              {...form.getInputProps('latitude')}
            />
            <NumberField
              label={t('properties.form.longitude')}
              placeholder={LONGITUDE_EXAMPLE}
              grouping={false}
              format={formatCoordinate}
              {...form.getInputProps('longitude')}
            />
          </SimpleGrid>
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend={t('properties.form.areas')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <NumberField
            label={t('properties.form.buildingArea')}
            format={formatArea}
            {...form.getInputProps('building_sqmts')}
          />
          <NumberField
            label={t('properties.form.landArea')}
            format={formatArea}
            {...form.getInputProps('land_sqmts')}
          />
          <NumberField
            label={t('properties.form.parkingArea')}
            format={formatArea}
            {...form.getInputProps('parking_sqmts')}
          />
          <NumberField
            label={t('properties.form.additionalArea')}
            format={formatArea}
            {...form.getInputProps('additional_sqmts')}
          />
          <NumberField
            label={t('properties.form.basementArea')}
            format={formatArea}
            {...form.getInputProps('basement_sqmts')}
          />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend={t('properties.form.brokerAndNotes')}>
        <Stack>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <ReferenceSelect
              flex={1}
              label={t('properties.form.broker')}
              searchable
              clearable
              pending={brokers.isPending}
              placeholders={{
                loading: t('properties.form.loadingBrokers'),
                ready: t('properties.form.noBrokerChosen'),
              }}
              data={brokerOptions}
              nothingFoundMessage={t('properties.form.noBroker')}
              {...form.getInputProps('broker_id')}
            />
            {newBroker?.({
              onCreated: (brokerId) => form.setFieldValue('broker_id', String(brokerId)),
            })}
          </Group>
          <Textarea
            label={t('properties.form.notes')}
            rows={4}
            resize="vertical"
            {...form.getInputProps('notes')}
          />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
