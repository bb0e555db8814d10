import { CreatePropertyBodySchema, type PropertySort } from '@bec/contracts';
import {
  Badge,
  Button,
  CloseButton,
  Group,
  Paper,
  Select,
  SimpleGrid,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useId, useState } from 'react';
import { z } from 'zod';
import { numberTextProblem } from '@/components/number-field';
import { useBrokers, usePropertyTypes, useRegions } from '@/entities/reference/reference-queries';
import {
  type PropertyFilters as Filters,
  hasPropertyFilters,
  PROPERTY_FILTER_KEYS,
} from '@/features/properties/api/get-properties';
import { FilterBounds } from '@/features/properties/components/filter-bounds';
import {
  FilterListingSelects,
  optionsOf,
} from '@/features/properties/components/filter-listing-selects';
import { FilterPlaceSelects } from '@/features/properties/components/filter-place-selects';
import type { MessageId } from '@/i18n/message-id';
import { useT } from '@/i18n/use-t';
import { firstProblem } from '@/lib/error-text';
import { numberText, readNumber } from '@/lib/number-text';
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
              <FilterPlaceSelects filters={filters} onChange={onChange} regions={regions} />
              <FilterListingSelects
                filters={filters}
                onChange={onChange}
                propertyTypes={propertyTypes}
                brokers={brokers}
                hideStage={hide.includes('stage')}
              />
              <FilterBounds
                filters={filters}
                onChange={onChange}
                minPrice={minPrice}
                maxPrice={maxPrice}
                maxExpenses={maxExpenses}
                rangeError={rangeError}
                expensesError={expensesError}
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
