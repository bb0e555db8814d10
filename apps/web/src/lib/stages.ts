import { type PropertyStage, stageLabelKey } from '@bec/contracts';
import type { MessageId } from '@/i18n/message-id';
import '@/lib/shared-catalogue';

export { STAGE_COLORS } from '@bec/contracts';

/**
 * A stage's name for `t()`: the one catalogue's (packages/contracts/src/stages.ts), loaded with
 * this module, whichever feature shows it (the board, a badge, a history sentence).
 */
export const stageLabel = (stage: PropertyStage): MessageId => stageLabelKey(stage);
