import type { Role, SavedSearch } from '@bec/contracts';
import { Badge, Group, NavLink, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { NeedsConnection } from '@/components/needs-connection';
import { paths } from '@/config/paths';
import { useSavedSearches } from '@/features/saved-searches/api/get-saved-searches';
import { useOpenSavedSearch } from '@/features/saved-searches/api/open-saved-search';
import { atCap } from '@/features/saved-searches/components/new-count';
import { RenameSavedSearchDialog } from '@/features/saved-searches/components/rename-saved-search-dialog';
import { SavedSearchMenu } from '@/features/saved-searches/components/saved-search-menu';
import { useT } from '@/i18n/use-t';
import { waitsForAConnection } from '@/lib/needs-connection';
import '@/features/saved-searches/messages';

/** The grid's address with a search's filters, as the grid's URL carries them. */
const gridHref = (filters: Record<string, string>) => {
  const search = new URLSearchParams(filters).toString();
  return search ? `${paths.properties.getHref()}?${search}` : paths.properties.getHref();
};

/** The same filters, whatever their order. */
const sameFilters = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
};

export type SavedSearchesNavProps = {
  role: Role;
  /** The server mails alerts (`alert_mail`): each followed search offers its mail choice. */
  alertMail: boolean;
  /** The grid's filters shown now, or null when the grid is not the page (or has none). */
  currentFilters: Record<string, string> | null;
  /** After a search is followed (a phone's sidebar closes). */
  onNavigate?: (() => void) | undefined;
};

function SavedSearchLink({
  search,
  active,
  onOpen,
}: {
  search: SavedSearch;
  active: boolean;
  onOpen: () => void;
}) {
  const t = useT();
  const count = search.new_count;
  const capped = atCap(count);
  const shared = search.scope === 'shared';
  return (
    <NavLink
      component={Link}
      to={gridHref(search.filters)}
      active={active}
      onClick={onOpen}
      aria-label={
        count === 0
          ? search.name
          : capped
            ? t('savedSearches.nav.linkMany', { name: search.name })
            : t('savedSearches.nav.linkNew', { name: search.name, count })
      }
      label={
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {search.name}
        </Text>
      }
      description={
        shared || count > 0 ? (
          <Group gap={4} component="span" wrap="wrap">
            {shared && (
              <Text span size="xs" c="dimmed">
                {t('savedSearches.nav.shared')}
              </Text>
            )}
            {count > 0 && (
              <Badge size="xs" variant="filled" tt="none" component="span">
                {capped
                  ? t('savedSearches.nav.badgeMany')
                  : t('savedSearches.nav.badge', { count })}
              </Badge>
            )}
          </Group>
        ) : undefined
      }
      styles={{ root: { flex: 1, minWidth: 0 } }}
    />
  );
}

/**
 * The sidebar's "Búsquedas guardadas": the member's own and the team's shared ones, each with its
 * new matches since last opened ("3 nuevas") and its menu. Following one opens the grid with its
 * filters and counts it as opened.
 */
export function SavedSearchesNav({
  role,
  alertMail,
  currentFilters,
  onNavigate,
}: SavedSearchesNavProps) {
  const t = useT();
  const headingId = useId();
  const searches = useSavedSearches();
  const { data, isError } = searches;
  const open = useOpenSavedSearch();
  const [renaming, setRenaming] = useState<SavedSearch | null>(null);

  return (
    <Stack component="section" gap={4} mt="md" aria-labelledby={headingId}>
      <Text id={headingId} size="xs" fw={700} c="dimmed" tt="uppercase" px="xs">
        {t('savedSearches.nav.title')}
      </Text>
      {waitsForAConnection(searches) && <NeedsConnection size="xs" px="xs" />}
      {isError && (
        <Text size="xs" c="red" px="xs">
          {t('savedSearches.nav.failed')}
        </Text>
      )}
      {data?.length === 0 && (
        <Text size="xs" c="dimmed" px="xs">
          {t('savedSearches.nav.empty')}
        </Text>
      )}
      {data?.map((search) => (
        <Group key={search.id} gap={0} wrap="nowrap" align="flex-start">
          <SavedSearchLink
            search={search}
            active={currentFilters !== null && sameFilters(currentFilters, search.filters)}
            onOpen={() => {
              open.mutate(search.id);
              onNavigate?.();
            }}
          />
          <SavedSearchMenu
            search={search}
            role={role}
            alertMail={alertMail}
            currentFilters={currentFilters}
            onRename={() => setRenaming(search)}
          />
        </Group>
      ))}
      {renaming && <RenameSavedSearchDialog search={renaming} onClose={() => setRenaming(null)} />}
    </Stack>
  );
}
