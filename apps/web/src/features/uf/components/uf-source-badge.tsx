import type { UfSource } from '@bec/contracts';
import { Badge } from '@mantine/core';
import type { MessageId } from '@/i18n/message-id';
import { useT } from '@/i18n/use-t';

const SOURCE_LABEL = {
  cmf: 'uf.source.cmf',
  mindicador: 'uf.source.mindicador',
  manual: 'uf.source.manual',
  demo: 'uf.source.demo',
} as const satisfies Record<UfSource, MessageId>;

/** Where a UF value came from; the demo seed's is marked so nobody mistakes it for the real one. */
export function UfSourceBadge({ source }: { source: UfSource }) {
  const t = useT();
  return (
    <Badge size="sm" variant="light" color={source === 'demo' ? 'orange' : 'gray'}>
      {t(SOURCE_LABEL[source])}
    </Badge>
  );
}
