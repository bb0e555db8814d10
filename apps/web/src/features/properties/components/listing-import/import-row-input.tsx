import { SimpleGrid, TextInput } from '@mantine/core';
import { NumberField } from '@/components/number-field';
import { ComunaSelect } from '@/entities/reference/comuna-select';
import { PropertyTypeSelect } from '@/entities/reference/property-type-select';
import type {
  ImportDraft,
  ImportRow,
} from '@/features/properties/components/listing-import/imported-values';
import { PropertyPriceField } from '@/features/properties/components/property-price-field';
import type { MessageId } from '@/i18n/message-id';
import { useT } from '@/i18n/use-t';
import { formatArea, formatCoordinate, formatInteger, formatPrice } from '@/lib/format';

/** Each row's name, as the form calls its field (the price's follows its unit). */
const ROW_LABELS: Record<Exclude<ImportRow, 'price'>, MessageId> = {
  name: 'properties.form.name',
  property_type_id: 'properties.form.propertyType',
  rooms: 'properties.form.rooms',
  bathrooms: 'properties.form.bathrooms',
  parking_spaces: 'properties.form.parking_spaces',
  storage_units: 'properties.form.storage_units',
  floor: 'properties.form.floor',
  common_expenses: 'properties.form.common_expenses',
  address: 'properties.form.address',
  city_id: 'properties.form.comuna',
  coordinates: 'properties.import.coordinates',
  building_sqmts: 'properties.form.buildingArea',
  land_sqmts: 'properties.form.landArea',
};

export const rowLabel = (row: ImportRow, draft: ImportDraft): MessageId =>
  row === 'price'
    ? draft.price_unit === 'UF'
      ? 'properties.form.priceUf'
      : 'properties.form.price'
    : ROW_LABELS[row];

/** The number boxes' formats: the saved number as the form shows it. */
const COUNT_FORMATS = {
  rooms: formatInteger,
  bathrooms: formatInteger,
  parking_spaces: formatInteger,
  storage_units: formatInteger,
  floor: formatInteger,
  common_expenses: formatPrice,
  building_sqmts: formatArea,
  land_sqmts: formatArea,
} as const;

export type ImportRowInputProps = {
  row: ImportRow;
  draft: ImportDraft;
  onChange: (change: ImportDraft) => void;
  /** Unticked: shown, not used, not editable. */
  disabled: boolean;
};

/** One proposed value, editable as the form's own box for it: type and comuna by name. */
export function ImportRowInput({ row, draft, onChange, disabled }: ImportRowInputProps) {
  const t = useT();
  const label = t(rowLabel(row, draft));
  const common = { disabled };
  switch (row) {
    case 'name':
    case 'address':
      return (
        <TextInput
          label={label}
          autoComplete="off"
          value={draft[row] ?? ''}
          onChange={(event) => onChange({ [row]: event.currentTarget.value })}
          {...common}
        />
      );
    case 'property_type_id':
    case 'city_id': {
      const Choice = row === 'city_id' ? ComunaSelect : PropertyTypeSelect;
      return (
        <Choice
          label={label}
          value={draft[row] ?? null}
          onChange={(value) => onChange({ [row]: value })}
          {...common}
        />
      );
    }
    case 'price':
      return (
        <PropertyPriceField
          value={draft.price ?? ''}
          onChange={(event) => onChange({ price: event.currentTarget.value })}
          unit={{
            value: draft.price_unit ?? 'CLP',
            onChange: (value) => onChange({ price_unit: value === 'UF' ? 'UF' : 'CLP' }),
          }}
          {...common}
        />
      );
    case 'coordinates':
      return (
        <SimpleGrid cols={2}>
          {(
            [
              ['latitude', 'properties.form.latitude'],
              ['longitude', 'properties.form.longitude'],
            ] as const
          ).map(([field, fieldLabel]) => (
            <NumberField
              key={field}
              label={t(fieldLabel)}
              grouping={false}
              format={formatCoordinate}
              value={draft[field] ?? ''}
              onChange={(event) => onChange({ [field]: event.currentTarget.value })}
              {...common}
            />
          ))}
        </SimpleGrid>
      );
    default:
      return (
        <NumberField
          label={label}
          format={COUNT_FORMATS[row]}
          value={draft[row] ?? ''}
          onChange={(event) => onChange({ [row]: event.currentTarget.value })}
          {...common}
        />
      );
  }
}
