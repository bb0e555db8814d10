import { PROPERTY_COUNT_CAP } from '@bec/contracts';
import { Alert, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { useEffect } from 'react';
import { LoadFailed } from '@/components/screen-states/load-failed';
import { LoadMore } from '@/components/screen-states/load-more';
import {
  type PropertyFilters,
  priceRangeReversed,
  useProperties,
} from '@/features/properties/api/get-properties';
import { type PhotoPriority, PropertyCard } from '@/features/properties/components/property-card';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/api-error';
import { formatApproximate, formatInteger } from '@/lib/format';

export type PropertyListProps = { filters: PropertyFilters };

/** Cards in the grid's first row at its widest (lg: 3 columns), seen without scrolling. */
const FIRST_ROW = 3;

/** The first card's photo is likely the page's largest paint: first in line. The rest of the
 * first row load at once, the others as they near the screen. */
const photoPriority = (index: number): PhotoPriority =>
  index === 0 ? 'high' : index < FIRST_ROW ? 'eager' : 'lazy';

/**
 * The grid of property cards for `filters`: 1 column on phones, 2 on tablets, 3 on desktop.
 * Further pages load as the end of the grid scrolls into view, or with "Load more".
 */
export function PropertyList({ filters }: PropertyListProps) {
  const t = useT();
  if (priceRangeReversed(filters)) {
    // Say why here instead of asking.
    return (
      <Alert color="yellow" title={t('properties.list.reversedRange.title')}>
        {t('properties.list.reversedRange.body')}
      </Alert>
    );
  }
  return <PropertyResults filters={filters} />;
}

function PropertyResults({ filters }: PropertyListProps) {
  const {
    data,
    error,
    isPending,
    isError,
    refetch,
    fetchNextPage,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    isPlaceholderData,
  } = useProperties(filters);
  const t = useT();
  const { ref: endRef, inViewport: endInView } = useInViewport();

  // Not a fetch of our own: when the end of the grid shows, ask the query for its next page.
  // A failed page is not asked again by itself (that would loop); "Load more" retries it.
  const loadMore =
    endInView && hasNextPage && !isFetchingNextPage && !isFetchNextPageError && !isPlaceholderData;
  useEffect(() => {
    if (loadMore) void fetchNextPage();
  }, [loadMore, fetchNextPage]);

  if (isPending) {
    return (
      <Group gap="sm" py="xl" justify="center" role="status">
        <Loader size="sm" />
        <Text c="dimmed">{t('properties.list.loading')}</Text>
      </Group>
    );
  }

  const errorAlert = isError ? (
    <LoadFailed
      title={t('properties.list.loadFailed')}
      message={t('common.error', { message: errorText(error) })}
      onRetry={isFetchNextPageError ? undefined : () => void refetch()}
    />
  ) : null;
  if (!data) return errorAlert;

  const cards = data.pages.flatMap((page) => page.props);
  const lastPage = data.pages.at(-1);
  // The UF the newest page was converted with (each page says; they agree but across midnight).
  const uf = lastPage?.uf ?? null;
  const total = lastPage?.total ?? cards.length;
  // A broad filter is counted up to a cap ("More than 1.000 properties"), or beyond it estimated
  // ("≈ 24.000 properties").
  const kind = lastPage?.total_kind ?? 'exact';
  const count =
    kind === 'at_least'
      ? t('properties.list.countAtLeast', { total: formatInteger(total) })
      : kind === 'estimate'
        ? t('properties.list.countEstimate', { total: formatApproximate(total) })
        : t('properties.list.count', { count: total, total: formatInteger(total) });

  // A price filter in UF while no UF value is known compares only listings priced in UF, by
  // their amount; those in pesos are left out, and the grid says so (ADR 061).
  const pesosLeftOut = lastPage?.peso_prices_not_compared ? (
    <Alert color="yellow" title={t('properties.list.pesosNotCompared.title')}>
      {t('properties.list.pesosNotCompared.body')}
    </Alert>
  ) : null;

  if (cards.length === 0) {
    return (
      <Stack>
        {errorAlert}
        {pesosLeftOut}
        <Text py="xl" ta="center" c="dimmed" size="lg">
          {t('properties.list.empty')}
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {!isFetchNextPageError && errorAlert}
      {pesosLeftOut}
      <Text
        size="sm"
        c="dimmed"
        role="status"
        title={
          kind === 'estimate'
            ? t('properties.list.estimateHint', { cap: formatInteger(PROPERTY_COUNT_CAP) })
            : undefined
        }
      >
        {cards.length < total || kind !== 'exact'
          ? t('properties.list.showing', { count, shown: formatInteger(cards.length) })
          : count}
      </Text>
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="lg"
        verticalSpacing="lg"
        // The previous filters' cards, while the new ones load.
        aria-busy={isPlaceholderData}
        opacity={isPlaceholderData ? 0.6 : 1}
      >
        {cards.map((property, index) => (
          <PropertyCard
            key={property.id}
            property={property}
            uf={uf}
            photoPriority={photoPriority(index)}
          />
        ))}
      </SimpleGrid>
      {isFetchNextPageError && errorAlert}
      <LoadMore
        query={{ hasNextPage, isFetchingNextPage, fetchNextPage }}
        label={t('properties.list.loadMore')}
        disabled={isPlaceholderData}
        footerRef={endRef}
      />
    </Stack>
  );
}
