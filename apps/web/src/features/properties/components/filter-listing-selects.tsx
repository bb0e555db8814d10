import { PROPERTY_STAGES } from '@bec/contracts';
import { type ComboboxData, Select } from '@mantine/core';
import type { useBrokers, usePropertyTypes } from '@/entities/reference/reference-queries';
import type { PropertyFilters } from '@/features/properties/api/get-properties';
import type { MessageId } from '@/i18n/message-id';
import { useT } from '@/i18n/use-t';
import { stageLabel } from '@/lib/stages';

/** The stage filter's options: any, then the pipeline in order. */
const STAGE_OPTIONS = ['any', ...PROPERTY_STAGES] as const;
type StageOption = (typeof STAGE_OPTIONS)[number];

const VISITED_LABELS = {
  any: 'properties.filters.visitedAny',
  yes: 'properties.visited.yes',
  no: 'properties.visited.no',
} as const satisfies Record<string, MessageId>;

type VisitedOption = keyof typeof VISITED_LABELS;

/** A select's options from its labels' keys, in the current language. */
export const optionsOf = <V extends string>(
  labels: Record<V, MessageId>,
  t: (id: MessageId) => string,
): { value: V; label: string }[] =>
  (Object.keys(labels) as V[]).map((value) => ({ value, label: t(labels[value]) }));

export type FilterListingSelectsProps = {
  filters: PropertyFilters;
  onChange: (patch: PropertyFilters) => void;
  /** Read by the bar, drawn or folded, so the lists are there when a phone unfolds it. */
  propertyTypes: ReturnType<typeof usePropertyTypes>;
  brokers: ReturnType<typeof useBrokers>;
  /** The board sets the stage itself (its columns). */
  hideStage: boolean;
};

/** The filter bar's property type, broker, visited and stage. */
export function FilterListingSelects({
  filters,
  onChange,
  propertyTypes,
  brokers,
  hideStage,
}: FilterListingSelectsProps) {
  const t = useT();
  const typeOptions: ComboboxData<number> = (propertyTypes.data ?? []).map((t) => ({
    value: t.id,
    label: t.name,
  }));
  const brokerOptions: ComboboxData<number> = (brokers.data ?? []).map((b) => ({
    value: b.id,
    label: b.company ? `${b.name} (${b.company})` : b.name,
  }));

  return (
    <>
      <Select<number>
        label={t('properties.filters.propertyType')}
        placeholder={t('properties.filters.allTypes')}
        data={typeOptions}
        value={filters.property_type_id ?? null}
        onChange={(value) => onChange({ property_type_id: value ?? undefined })}
        clearable
        error={propertyTypes.isError ? t('properties.filters.typesFailed') : undefined}
      />
      <Select<number>
        label={t('properties.filters.broker')}
        placeholder={t('properties.filters.allBrokers')}
        data={brokerOptions}
        value={filters.broker_id ?? null}
        onChange={(value) => onChange({ broker_id: value ?? undefined })}
        searchable
        clearable
        nothingFoundMessage={t('properties.form.noBroker')}
        error={brokers.isError ? t('properties.form.brokersFailed') : undefined}
      />
      <Select<VisitedOption>
        label={t('properties.filters.visited')}
        data={optionsOf(VISITED_LABELS, t)}
        value={filters.visited === undefined ? 'any' : filters.visited ? 'yes' : 'no'}
        onChange={(value) =>
          onChange({ visited: value === 'yes' ? true : value === 'no' ? false : undefined })
        }
        allowDeselect={false}
      />
      {!hideStage && (
        <Select<StageOption>
          label={t('properties.filters.stage')}
          data={STAGE_OPTIONS.map((value) => ({
            value,
            label: t(value === 'any' ? 'properties.filters.stageAny' : stageLabel(value)),
          }))}
          value={filters.stage ?? 'any'}
          onChange={(value) =>
            onChange({ stage: value === 'any' || value === null ? undefined : value })
          }
          allowDeselect={false}
        />
      )}
    </>
  );
}
