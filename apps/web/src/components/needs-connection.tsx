import { Text, type TextProps } from '@mantine/core';
import { useT } from '@/i18n/use-t';
import './messages';

/**
 * What a part of a page shows offline instead of loading forever when its data is not saved on
 * the device (ADR 060): a status, read once, not an error to act on; it loads by itself when the
 * network is back.
 */
export function NeedsConnection(props: TextProps) {
  const t = useT();
  return (
    <Text role="status" size="sm" c="dimmed" {...props}>
      {t('connection.needed')}
    </Text>
  );
}
