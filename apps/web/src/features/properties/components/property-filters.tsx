import { CreatePropertyBodySchema, PROPERTY_STAGES, type PropertySort } from '@bec/contracts';
import {
  Badge,
  Button,
  CloseButton,
  type ComboboxData,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useId, useState } from 'react';
import { z } from 'zod';
import { NumberField, numberTextProblem } from '@/components/number-field';
import { PRICE_UNIT_OPTIONS } from '@/components/price-unit-options';
import { useBrokers, usePropertyTypes, useRegions } from '@/entities/reference/reference-queries';
import {
  type PropertyFilters as Filters,
  hasPropertyFilters,
  PROPERTY_FILTER_KEYS,
} from '@/features/properties/api/get-properties';
import { MinCountSelect } from '@/features/properties/components/min-count-select';
import type { MessageId } from '@/i18n/message-id';
import { useT } from '@/i18n/use-t';
import { firstProblem } from '@/lib/error-text';
import { formatPrice, formatUf } from '@/lib/format';
import { numberText, readNumber } from '@/lib/number-text';
import { stageLabel } from '@/lib/stages';
import classes from './property-filters.module.css';

/** How long typing pauses before the search text or a price reaches the URL (and the list). */
const FILTER_DEBOUNCE_MS = 300;

/** The sort orders, in the order offered (relevance only while searching). */
const SORT_LABELS = {
  relevance: 'properties.sort.relevance',
  newest: 'properties.sort.newest',
  oldest: 'properties.sort.oldest',
  price_asc: 'properties.sort.priceAsc',
  price_desc: 'properties.sort.priceDesc',
  area_asc: 'properties.sort.areaAsc',
  area_desc: 'properties.sort.areaDesc',
  price_per_sqm_asc: 'properties.sort.pricePerSqmAsc',
  price_per_sqm_desc: 'properties.sort.pricePerSqmDesc',
  stage_asc: 'properties.sort.stageAsc',
  stage_desc: 'properties.sort.stageDesc',
} as const satisfies Record<PropertySort, MessageId>;

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
const optionsOf = <V extends string>(
  labels: Record<V, MessageId>,
  t: (id: MessageId) => string,
): { value: V; label: string }[] =>
  (Object.keys(labels) as V[]).map((value) => ({ value, label: t(labels[value]) }));

/**
 * What the user types, kept here while typing and committed (to the URL) once typing pauses.
 * When the committed value changes from elsewhere (Clear filters, a link), the draft follows,
 * unless it already means that value ("abc " while "abc" is committed). A value this hook
 * committed itself is no news: it may come back after more was typed (the URL changes in a
 * transition, which keystrokes interrupt on a slow device), and must not undo those keystrokes.
 * A draft that is not `readable` (a number that can be read two ways) is never committed.
 */
function useDraft<T, D>(
  committed: T | undefined,
  toDraft: (value: T | undefined) => D,
  toValue: (draft: D) => T | undefined,
  commit: (value: T | undefined) => void,
  readable: (draft: D) => boolean = () => true,
) {
  const [draft, setDraft] = useState(() => toDraft(committed));
  const [seen, setSeen] = useState(committed);
  // The values committed from here whose return has not been seen yet, oldest first.
  const [sent, setSent] = useState<(T | undefined)[]>([]);
  if (committed !== seen) {
    setSeen(committed);
    const echo = sent.indexOf(committed);
    setSent(echo === -1 ? [] : sent.slice(echo + 1));
    if (echo === -1 && toValue(draft) !== committed) setDraft(toDraft(committed));
  }
  const debounced = useDebouncedCallback((value: D) => {
    if (!readable(value)) return;
    const next = toValue(value);
    if (next === committed) return;
    setSent((values) => [...values, next]);
    commit(next);
  }, FILTER_DEBOUNCE_MS);
  const change = (value: D) => {
    setDraft(value);
    debounced(value);
  };
  /** Drops what was typed and not yet committed (the committed value is cleared elsewhere). */
  const reset = () => {
    debounced.cancel();
    setSent([]);
    setDraft(toDraft(undefined));
  };
  return { draft, change, flush: () => debounced.flush(), reset };
}

const textValue = (draft: string) => draft.trim() || undefined;
/** A price bound as typed, read as every number box reads it; undefined when empty or unreadable. */
const priceValue = (draft: string) => {
  const reading = readNumber(draft);
  return reading.kind === 'number' ? reading.value : undefined;
};
const priceDraft = (price: number | undefined) => numberText(price ?? null);
const readablePrice = (draft: string) => numberTextProblem(draft) === undefined;

/**
 * A gastos comunes bound is an amount a property's field could hold (whole pesos, within ADR 038's
 * bound): the URL carries it as plain digits, so anything else would be dropped without a word.
 */
const ExpensesBoundSchema = z.object({
  common_expenses_max: CreatePropertyBodySchema.shape.common_expenses,
});
/** Why the gastos comunes box cannot filter, in the current language; undefined when it can. */
const expensesProblem = (draft: string) => {
  const common_expenses_max = priceValue(draft);
  if (common_expenses_max === undefined) return numberTextProblem(draft);
  return firstProblem(ExpensesBoundSchema, { common_expenses_max }) ?? undefined;
};
const readableExpenses = (draft: string) => expensesProblem(draft) === undefined;

export type PropertyFiltersProps = {
  filters: Filters;
  /** Filters this screen sets itself, left out of the bar (the board: its columns and order). */
  hide?: readonly ('stage' | 'sort')[];
  /** Sets the given filters (an `undefined` value clears that filter) and keeps the others. */
  onChange: (patch: Filters) => void;
  onClear: () => void;
  /** Controls the page adds beside "Clear filters" (the grid's "Save search"). */
  actions?: ReactNode;
};

/**
 * The located filter, which no field sets (the map's "without a location" link does): shown as a
 * badge, with a button that removes it.
 */
function LocatedBadge({ located, onRemove }: { located: boolean; onRemove: () => void }) {
  const t = useT();
  const label = located
    ? t('properties.filters.locatedOnly')
    : t('properties.filters.unlocatedOnly');
  return (
    <Badge
      variant="light"
      size="lg"
      tt="none"
      me="auto"
      rightSection={
        <CloseButton
          size="xs"
          variant="transparent"
          aria-label={t('properties.filters.removeFilter', { filter: label })}
          onClick={onRemove}
        />
      }
    >
      {label}
    </Badge>
  );
}

/** The filters a phone folds away (all but search and sort), to count the ones in use. */
/** A phone: below Mantine's `sm` breakpoint, where property-filters.module.css folds the filters. */
const PHONE = '(max-width: 47.99em)';

const FOLDED_KEYS = PROPERTY_FILTER_KEYS.filter(
  (key) => key !== 'q' && key !== 'sort' && key !== 'price_unit',
);

/**
 * The filters bar of the grid: search, region → comuna, property type, broker, visited, stage,
 * price, minimum dormitorios, baños and estacionamientos, maximum gastos comunes, sort. On a phone only search and sort show; "More filters (n)" unfolds the rest, n being
 * those in use.
 */
export function PropertyFilters({
  filters,
  onChange,
  onClear,
  hide = [],
  actions,
}: PropertyFiltersProps) {
  const t = useT();
  const [unfolded, setUnfolded] = useState(false);
  const moreId = useId();
  // Folded on a phone, the filters are not drawn at all: hidden, a dozen comboboxes and the price
  // unit's indicator (which measures the page) were still most of the first screen's render.
  const onPhone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  const drawMore = unfolded || !onPhone;
  const regions = useRegions();
  const propertyTypes = usePropertyTypes();
  // The active brokers, and the one filtered by even if it was archived since.
  const brokers = useBrokers(filters.broker_id);

  const search = useDraft(
    filters.q,
    (q) => q ?? '',
    textValue,
    (q) => onChange({ q }),
  );
  const minPrice = useDraft<number, string>(
    filters.price_min,
    priceDraft,
    priceValue,
    (price_min) => onChange({ price_min }),
    readablePrice,
  );
  const maxPrice = useDraft<number, string>(
    filters.price_max,
    priceDraft,
    priceValue,
    (price_max) => onChange({ price_max }),
    readablePrice,
  );
  const maxExpenses = useDraft<number, string>(
    filters.common_expenses_max,
    priceDraft,
    priceValue,
    (common_expenses_max) => onChange({ common_expenses_max }),
    readableExpenses,
  );

  const regionList = regions.data ?? [];
  const region = regionList.find((r) => r.id === filters.region_id);
  const regionOfComuna = (cityId: number) =>
    regionList.find((r) => r.comunas.some((c) => c.id === cityId))?.id;

  const regionOptions: ComboboxData<number> = regionList.map((r) => ({
    value: r.id,
    label: r.name,
  }));
  // With a region chosen, its comunas; without one, every comuna grouped by region.
  const comunaOptions: ComboboxData<number> = region
    ? region.comunas.map((c) => ({ value: c.id, label: c.name }))
    : regionList.map((r) => ({
        group: r.name,
        items: r.comunas.map((c) => ({ value: c.id, label: c.name })),
      }));
  const typeOptions: ComboboxData<number> = (propertyTypes.data ?? []).map((t) => ({
    value: t.id,
    label: t.name,
  }));
  const brokerOptions: ComboboxData<number> = (brokers.data ?? []).map((b) => ({
    value: b.id,
    label: b.company ? `${b.name} (${b.company})` : b.name,
  }));

  // Bounds in UF take up to 2 decimals; in pesos, whole pesos.
  const inUf = filters.price_unit === 'UF';
  const formatBound = inUf ? formatUf : formatPrice;
  const minDraft = priceValue(minPrice.draft);
  const maxDraft = priceValue(maxPrice.draft);
  const rangeError =
    minDraft !== undefined && maxDraft !== undefined && minDraft > maxDraft
      ? t('properties.filters.rangeReversed')
      : undefined;

  // A number out of bounds is said at once; text that is no number, once the box is left.
  const expensesError =
    priceValue(maxExpenses.draft) === undefined ? undefined : expensesProblem(maxExpenses.draft);

  const clear = () => {
    search.reset();
    minPrice.reset();
    maxPrice.reset();
    maxExpenses.reset();
    onClear();
  };
  const pending = [search.draft, minPrice.draft, maxPrice.draft, maxExpenses.draft].some(
    (d) => d !== '',
  );
  const folded = FOLDED_KEYS.filter((key) => filters[key] !== undefined).length;

  return (
    <Paper
      component="form"
      role="search"
      aria-label={t('properties.filters.label')}
      withBorder
      radius="md"
      p="md"
      onSubmit={(event) => {
        // Enter applies what was typed at once.
        event.preventDefault();
        search.flush();
        minPrice.flush();
        maxPrice.flush();
        maxExpenses.flush();
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="sm">
        <TextInput
          type="search"
          label={t('properties.filters.search')}
          placeholder={t('properties.filters.searchPlaceholder')}
          // Everything it searches, beyond what the placeholder has room for.
          title={t('properties.filters.searchHint')}
          value={search.draft}
          onChange={(event) => search.change(event.currentTarget.value)}
          maxLength={100}
        />
        <div className={classes.more} id={moreId} data-open={unfolded || undefined}>
          {drawMore && (
            <>
              <Select<number>
                label={t('properties.filters.region')}
                placeholder={t('properties.filters.allRegions')}
                data={regionOptions}
                value={filters.region_id ?? null}
                onChange={(value) => {
                  const regionId = value ?? undefined;
                  const keepComuna =
                    filters.city_id !== undefined && regionOfComuna(filters.city_id) === regionId;
                  onChange({
                    region_id: regionId,
                    city_id: keepComuna ? filters.city_id : undefined,
                  });
                }}
                searchable
                clearable
                nothingFoundMessage={t('properties.filters.noRegion')}
                error={regions.isError ? t('properties.filters.regionsFailed') : undefined}
              />
              <Select<number>
                label={t('properties.filters.comuna')}
                placeholder={
                  region
                    ? t('properties.filters.allComunasOf', { region: region.name })
                    : t('properties.filters.allComunas')
                }
                data={comunaOptions}
                value={filters.city_id ?? null}
                onChange={(value) => {
                  const cityId = value ?? undefined;
                  // Choosing a comuna also chooses its region; clearing it keeps the region.
                  onChange(
                    cityId === undefined
                      ? { city_id: undefined }
                      : { city_id: cityId, region_id: regionOfComuna(cityId) ?? filters.region_id },
                  );
                }}
                searchable
                clearable
                nothingFoundMessage={t('properties.form.noComuna')}
                error={regions.isError ? t('properties.filters.comunasFailed') : undefined}
              />
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
              {!hide.includes('stage') && (
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
              <SegmentedControl
                aria-label={t('properties.filters.priceUnit')}
                data={PRICE_UNIT_OPTIONS}
                value={inUf ? 'UF' : 'CLP'}
                onChange={(unit) => onChange({ price_unit: unit === 'UF' ? 'UF' : undefined })}
                style={{ alignSelf: 'end' }}
              />
              <NumberField
                label={t('properties.filters.minPrice')}
                placeholder={formatBound(0)}
                format={formatBound}
                purpose="filter"
                value={minPrice.draft}
                onChange={(event) => minPrice.change(event.currentTarget.value)}
              />
              <NumberField
                label={t('properties.filters.maxPrice')}
                placeholder={t('properties.filters.noLimit')}
                format={formatBound}
                purpose="filter"
                value={maxPrice.draft}
                onChange={(event) => maxPrice.change(event.currentTarget.value)}
                error={rangeError}
              />
              <MinCountSelect
                field="rooms_min"
                label={t('properties.filters.roomsMin')}
                value={filters.rooms_min}
                onChange={onChange}
              />
              <MinCountSelect
                field="bathrooms_min"
                label={t('properties.filters.bathroomsMin')}
                value={filters.bathrooms_min}
                onChange={onChange}
              />
              <MinCountSelect
                field="parking_min"
                label={t('properties.filters.parkingMin')}
                value={filters.parking_min}
                onChange={onChange}
              />
              <NumberField
                label={t('properties.filters.commonExpensesMax')}
                placeholder={t('properties.filters.noLimit')}
                format={formatPrice}
                purpose="filter"
                value={maxExpenses.draft}
                onChange={(event) => maxExpenses.change(event.currentTarget.value)}
                error={expensesError}
              />
            </>
          )}
        </div>
        {!hide.includes('sort') && (
          <Select<PropertySort>
            label={t('properties.filters.sortBy')}
            // Relevance ranks a search's matches: offered while there is one. Clearing the search
            // drops it from the URL (the sort falls back to newest first).
            data={optionsOf(SORT_LABELS, t).filter(
              (option) => option.value !== 'relevance' || filters.q !== undefined,
            )}
            value={filters.sort ?? 'newest'}
            onChange={(value) =>
              onChange({ sort: value === 'newest' ? undefined : (value ?? undefined) })
            }
            allowDeselect={false}
          />
        )}
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        {filters.located !== undefined && (
          <LocatedBadge
            located={filters.located}
            onRemove={() => onChange({ located: undefined })}
          />
        )}
        <Button
          hiddenFrom="sm"
          variant="light"
          aria-expanded={unfolded}
          aria-controls={moreId}
          onClick={() => setUnfolded((open) => !open)}
        >
          {unfolded
            ? t('properties.filters.fewer')
            : t('properties.filters.more', { count: folded })}
        </Button>
        {actions}
        <Button
          variant="subtle"
          onClick={clear}
          disabled={!hasPropertyFilters(filters) && !pending}
        >
          {t('properties.filters.clear')}
        </Button>
      </Group>
    </Paper>
  );
}
