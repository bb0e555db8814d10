import type { PropertyStage } from './property.js';

/*
 * The one catalogue of the pipeline's stages, for the web app and the API alike (ADR 029): their
 * order is `PROPERTY_STAGES` (property.ts: the board's columns, the menus, the export), their
 * colours are below, and their names in every language are `stage.<stage>` in the shared
 * catalogue (locales/*.json), read by the web's i18n and by the API.
 */

/** A Mantine colour per stage: greys before a visit, blues and teal on the way to buying, red out. */
export const STAGE_COLORS: Readonly<Record<PropertyStage, string>> = {
  new: 'gray',
  to_visit: 'indigo',
  visited: 'blue',
  negotiating: 'grape',
  offer_made: 'orange',
  bought: 'teal',
  discarded: 'red',
};

/** A stage's name in the shared catalogue: "Por visitar", "To visit". */
export type StageLabelKey = `stage.${PropertyStage}`;
export const stageLabelKey = (stage: PropertyStage): StageLabelKey => `stage.${stage}`;
