import { Badge, Text } from '@mantine/core';
import { useCurrentUf } from '@/features/uf/api/get-uf';
import { useT } from '@/i18n/use-t';
import { formatDay, formatUfValue } from '@/lib/format';
import '@/features/uf/messages';

/**
 * The header's UF, for every member: the value prices are converted with and its day ("1 UF =
 * CLP$ 39.643,59 · 27 nov 2026"; the day from a tablet's width up). Nothing while it loads, fails
 * or no value is known: the prices then say so themselves.
 */
export function UfChip() {
  const t = useT();
  const { data } = useCurrentUf();
  const uf = data?.uf;
  if (!uf) return null;
  const date = formatDay(uf.date);
  return (
    <Badge
      variant="light"
      color="gray"
      size="lg"
      tt="none"
      fw={500}
      title={t('uf.chip.title', { date })}
    >
      {t('uf.chip.value', { value: formatUfValue(uf.value) })}
      <Text span inherit visibleFrom="sm">
        {` · ${date}`}
      </Text>
    </Badge>
  );
}
