import type { Region } from '@bec/contracts';
import type {
  ComboboxItem,
  ComboboxItemGroup,
  ComboboxParsedItem,
  OptionsFilter,
} from '@mantine/core';

export type ComunaOptionGroup = ComboboxItemGroup<ComboboxItem, string>;

/** The comunas as Select data: one group per region (north to south, as the API lists them),
 * labelled with the region's name; each option's value is the comuna's id. */
export function toComunaOptions(regions: readonly Region[]): ComunaOptionGroup[] {
  return regions.map((region) => ({
    group: region.name,
    items: region.comunas.map((comuna) => ({ value: String(comuna.id), label: comuna.name })),
  }));
}

/** Lower case without accents or tildes, so "nunoa" finds Ñuñoa and "concepcion" Concepción. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** Select's filter for the comunas: by name, ignoring case and accents; empty regions drop out. */
export const filterComunaOptions: OptionsFilter = ({ options, search, limit }) => {
  const wanted = foldForSearch(search);
  const result: ComboboxParsedItem[] = [];
  let left = limit;
  for (const option of options) {
    if (left <= 0) break;
    if ('group' in option) {
      const items = option.items
        .filter((item) => foldForSearch(item.label).includes(wanted))
        .slice(0, left);
      if (items.length > 0) {
        result.push({ group: option.group, items });
        left -= items.length;
      }
    } else if (foldForSearch(option.label).includes(wanted)) {
      result.push(option);
      left -= 1;
    }
  }
  return result;
};
