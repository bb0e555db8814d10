import type { StatsGroup } from '@bec/contracts';
import type { MessageId } from '@/i18n/message-id';

/** How each grouping of the statistics is named (the control, the table's first column). */
export const GROUP_LABELS = {
  region: 'market.stats.group.region',
  comuna: 'market.stats.group.comuna',
  type: 'market.stats.group.type',
} as const satisfies Record<StatsGroup, MessageId>;
