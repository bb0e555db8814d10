import { STATS_GROUPS, type StatsGroup } from '@bec/contracts';
import { useSearchParamsUpdate } from '@/lib/use-search-params-update';

const DEFAULT_GROUP: StatsGroup = 'comuna';
const PARAM = 'group';

const isGroup = (value: string | null): value is StatsGroup =>
  (STATS_GROUPS as readonly (string | null)[]).includes(value);

/**
 * How the statistics are grouped, kept in the page's URL as `group=` (left out for the default,
 * comuna) so a reload or a shared link shows the same table; the grid's filters beside it are
 * left as they are. Changing it replaces the history entry.
 */
export function useStatsGroupParam(): [StatsGroup, (group: StatsGroup) => void] {
  const [searchParams, update] = useSearchParamsUpdate();
  const value = searchParams.get(PARAM);
  const group = isGroup(value) ? value : DEFAULT_GROUP;
  const setGroup = (next: StatsGroup) =>
    update((params) => {
      if (next === DEFAULT_GROUP) params.delete(PARAM);
      else params.set(PARAM, next);
      return params;
    });
  return [group, setGroup];
}
