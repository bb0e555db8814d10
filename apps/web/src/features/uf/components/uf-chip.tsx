import { Text } from '@mantine/core';
import { useCurrentUf } from '@/features/uf/api/get-uf';
import { useT } from '@/i18n/use-t';
import { formatDay, formatUfValue } from '@/lib/format';
import '@/features/uf/messages';

/**
 * The header's UF, for every member: the value prices are converted with and its day ("1 UF =
 * CLP$ 39.643,59 · 27-11-2026"), from a tablet's width up; on a phone the header has no room, and
 * every converted price says both. Nothing while it loads, fails or no value is known: the prices
 * then say so themselves.
 */
export function UfChip() {
  const t = useT();
  const { data } = useCurrentUf();
  const uf = data?.uf;
  if (!uf) return null;
  const date = formatDay(uf.date);
  return (
    // A pill drawn with Text, which the first screen already has (a Badge would bring its own
    // code and styles).
    <Text
      span
      size="sm"
      fw={500}
      px="sm"
      py={4}
      bg="gray.1"
      visibleFrom="sm"
      style={{ borderRadius: 'var(--mantine-radius-xl)', whiteSpace: 'nowrap' }}
      title={t('uf.chip.title', { date })}
    >
      {t('uf.chip.value', { value: formatUfValue(uf.value), date })}
    </Text>
  );
}
