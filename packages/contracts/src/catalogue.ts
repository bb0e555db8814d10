import { type ErrorCode, ErrorCodeSchema } from './common.js';
import { EXPORT_COLUMNS, type ExportHeadingKey, exportHeadingKey } from './export-columns.js';
import {
  CLIENT_FAILURES,
  type ClientFailure,
  FIELDS,
  type IssueKey,
  REASONS,
  type ReasonCode,
  RULE_CODES,
} from './issues.js';
import { PROPERTY_STAGES } from './property.js';
import { type StageLabelKey, stageLabelKey } from './stages.js';

/**
 * Every key of the shared catalogue (`locales/*.json`): issues', error codes', client failures',
 * reasons', the stages' names, the CSV export's headings and the count of issues left out.
 */
export type CatalogueKey =
  | IssueKey
  | `error.${ErrorCode}`
  | `client.${ClientFailure}`
  | `reason.${ReasonCode}`
  | StageLabelKey
  | ExportHeadingKey
  | typeof ISSUES_OMITTED_KEY;

/** "and 3 more problems": after an error's issues, when it carried only the first ones ({count}). */
export const ISSUES_OMITTED_KEY = 'issues.omitted';

/**
 * Every key the shared catalogue must have, and no other: each rule, field label, error code,
 * client failure, reason, stage name and export heading (the catalogue's tests compare the JSON files against
 * this list).
 */
export const catalogueKeys = (): CatalogueKey[] => [
  ...RULE_CODES.map((code) => `rule.${code}` as const),
  ...FIELDS.map((name) => `field.${name}` as const),
  ...ErrorCodeSchema.options.map((code) => `error.${code}` as const),
  ...(Object.keys(CLIENT_FAILURES) as ClientFailure[]).map((code) => `client.${code}` as const),
  ...(Object.keys(REASONS) as ReasonCode[]).map((code) => `reason.${code}` as const),
  ...PROPERTY_STAGES.map(stageLabelKey),
  ...EXPORT_COLUMNS.map(exportHeadingKey),
  ISSUES_OMITTED_KEY,
];
