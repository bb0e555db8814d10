import type { Orientation } from '@bec/contracts';
import type { MessageId } from '@/i18n/message-id';

/** Where a property faces, by name (Norte, Nororiente…, Surponiente…), north first. */
export const ORIENTATION_NAMES = {
  N: 'properties.form.orientation.N',
  NE: 'properties.form.orientation.NE',
  E: 'properties.form.orientation.E',
  SE: 'properties.form.orientation.SE',
  S: 'properties.form.orientation.S',
  SO: 'properties.form.orientation.SO',
  O: 'properties.form.orientation.O',
  NO: 'properties.form.orientation.NO',
} as const satisfies Record<Orientation, MessageId>;
