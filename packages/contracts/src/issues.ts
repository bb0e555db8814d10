import { z } from 'zod';

/**
 * Validation problems travel as codes, not sentences (ADR 016): each check names a rule from the
 * closed set below, with the values its message needs; each side renders the rule in its own
 * language from one catalogue (`locales/{en,es-CL}.json`, ICU MessageFormat): the API in English
 * for `message` and `fieldErrors`, the web app in the user's language.
 *
 * The field is never part of the rule: it is the issue's path. Its label in a sentence is the
 * catalogue's `field.<name>` for the path's first segment (`photos.3` is `field.photos`, the
 * photo at position 4); a message uses it as `{field}`, written as it reads inside a sentence
 * ("comuna", "la comuna") and capitalised when the sentence starts with it.
 */

/** Each rule and the names of the values its message takes (besides `{field}`). */
export const RULES = {
  /** A value zod refused with no rule of ours (a shape nobody sends by hand). */
  invalid: [],
  required: [],
  not_a_number: [],
  not_text: [],
  whole_number: [],
  whole_pesos: [],
  two_decimals: [],
  uf_two_decimals: [],
  negative: [],
  not_positive: [],
  choose_one: [],
  /** An id beyond what its column holds: "Comuna 2147483648 and above do not exist". */
  id_beyond: ['first'],
  too_large: [],
  at_least: ['min'],
  at_most: ['max'],
  uf_at_most: ['max'],
  between: ['min', 'max'],
  between_pesos: ['min', 'max'],
  too_long: ['max'],
  not_storable: [],
  invalid_url: [],
  /** A link import's address refused: not http(s), or a private, loopback or metadata address. */
  url_not_allowed: [],
  /** A link import's page over the fetch's size limit. */
  page_too_large: [],
  /** A link import's page that did not arrive in time. */
  page_timeout: [],
  /** A link import's page out of reach: no such name, refused, an HTTP error, too many redirects. */
  page_unreachable: [],
  /** A listing's text or page that could not be read within its time (ADR 058). */
  too_complex: [],
  /** An import takes a text or a link: one of them, not both. */
  text_or_url: [],
  true_or_false: [],
  /** An unsubscribe link whose signature does not match what it names (ADR 054). */
  link_tampered: [],
  clp_or_uf: [],
  role: [],
  one_of: ['options'],
  plain_digits: [],
  plain_price: [],
  plain_area: [],
  real_date: [],
  /** A day too far ahead for a UF value: at most `days` after today in Chile (`last`). */
  days_ahead: ['days', 'last'],
  range_reversed: [],
  /** Sorting by relevance ranks the matches of a search: without `q` there is nothing to rank. */
  relevance_needs_q: [],
  plain_coordinate: [],
  east_of_west: [],
  north_of_south: [],
  version_missing: [],
  invalid_cursor: [],
  reference_missing: ['id'],
  upload_paths: [],
  photo_entries: [],
  too_many_photos: ['max'],
  no_photos: [],
  too_many_uploads: ['max'],
  photo_listed_twice: [],
  photo_not_owned: [],
  photo_not_stored: [],
  photo_too_large: ['size', 'max'],
  photo_unreadable: [],
  /** An image cut short or damaged: shorter than signed, or its pixels do not all decode. */
  photo_incomplete: [],
  photo_not_of_property: ['id'],
  file_type: ['name'],
  file_too_large: ['name', 'max'],
  /** A phone that is not a Chilean number: +56 and nine digits, mobile or landline. */
  chilean_phone: [],
  invalid_email: [],
  /** `visited` sent with a stage it contradicts (visited is derived from the stage). */
  visited_contradicts_stage: [],
  /** A discarded property says why; any other stage has no reason. */
  discard_reason_required: [],
  discard_reason_only_when_discarded: [],
  /** Back to new or to visit after a visit took place: the visit says otherwise. */
  stage_after_visit: [],
  /** A visit still ahead cannot be rated yet. */
  rating_after_visit: [],
  /** A date and time with its offset (ISO 8601), as a visit's. */
  date_time: [],
  /** An archived broker, for a property that did not have it: choose an active one. */
  broker_archived: [],
  /** An `Idempotency-Key` header: 1 to `max` printable ASCII characters. */
  printable_ascii: ['max'],
  /** A saved search's filter that is none of the grid's (`filters.<key>`). */
  unknown_filter: ['key'],
  /** A saved search's filters that are not an object of texts (the list's query parameters). */
  filter_parameters: [],
  /**
   * An object of keys the sender chooses with more keys than it may hold, refused before any key
   * is checked (ADR 059): one issue, not one per key.
   */
  too_many_keys: ['max'],
} as const satisfies Record<string, readonly string[]>;

export type RuleCode = keyof typeof RULES;
export const RULE_CODES = Object.keys(RULES) as RuleCode[];
export const RuleCodeSchema = z.enum(RULE_CODES as [RuleCode, ...RuleCode[]]);

/** A value in a message: a bound, an id, a file name. */
export type ParamValue = string | number;
export type RuleParams<R extends RuleCode> = Record<(typeof RULES)[R][number], ParamValue>;

/**
 * The field names a path may start with, and so the labels the catalogue has (`field.<name>`):
 * the keys of every request body, query and path, plus `body`, `query` and `path` for problems
 * with the whole of one, and `file` for an item of a list sent as the whole body.
 */
export const FIELDS = [
  'body',
  'query',
  'path',
  'file',
  'id',
  'name',
  'address',
  'city_id',
  'price_unit',
  'price',
  'building_sqmts',
  'land_sqmts',
  'property_type_id',
  'parking_sqmts',
  'additional_sqmts',
  'basement_sqmts',
  'google_maps_url',
  'url',
  'urls',
  'latitude',
  'longitude',
  'rooms',
  'bathrooms',
  'parking_spaces',
  'storage_units',
  'common_expenses',
  'floor',
  'orientation',
  'year_built',
  'notes',
  'text',
  'visited',
  'broker_id',
  'photos',
  'updated_at',
  'q',
  'region_id',
  'price_min',
  'price_max',
  'land_min',
  'land_max',
  'building_min',
  'building_max',
  'rooms_min',
  'bathrooms_min',
  'parking_min',
  'common_expenses_max',
  'located',
  'west',
  'south',
  'east',
  'north',
  'zoom',
  'group',
  'sort',
  'limit',
  'cursor',
  'role',
  'date',
  'value',
  'stage',
  'discard_reason',
  'company',
  'phone',
  'email',
  'archived',
  'visited_at',
  'visitor_id',
  'rating',
  'person',
  'from',
  'to',
  'action',
  'exclude_id',
  'include',
  /** The `Idempotency-Key` header of a write (ADR 043). */
  'idempotency-key',
  /** A saved search's (ADR 053): its filters are labelled by the filter, `filters.price_max`. */
  'filters',
  'scope',
  'subscribed',
  /** A subscription's language for its mail, and an unsubscribe link's token (ADR 054). */
  'locale',
  'token',
] as const;
export type FieldName = (typeof FIELDS)[number];

/**
 * Failures a client meets on its own, with no answer from the API to show, and the values their
 * messages take: the API out of reach, a download cut off, no token to send, a renewal that failed.
 */
/**
 * Why a request failed, beyond its error code, with the values a message needs (who changed a
 * property meanwhile, which account exists already): the API sends it as `error.reason`.
 */
export const REASONS = {
  property_changed: [],
  property_changed_by: ['name'],
  user_exists: ['email'],
  already_member: ['email'],
  /** A broker properties still name cannot be deleted (archive it instead). */
  broker_in_use: ['count'],
  /** A visit was changed by someone else after it was opened. */
  visit_changed: [],
  /** A broker was changed by someone else after it was opened. */
  broker_changed: [],
  /** A user has as many saved searches as one may have. */
  too_many_saved_searches: ['max'],
  /** A viewer tried to share a saved search. */
  shared_search_for_editors: [],
} as const satisfies Record<string, readonly string[]>;
export type ReasonCode = keyof typeof REASONS;
export const ReasonSchema = z.object({
  code: z.enum(Object.keys(REASONS) as [ReasonCode, ...ReasonCode[]]),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type Reason = z.infer<typeof ReasonSchema>;

export const CLIENT_FAILURES = {
  unreachable: ['reason'],
  download_cut: ['reason'],
  token_unavailable: [],
  renewal_failed: ['reason'],
  unexpected_body: [],
  http_status: ['status'],
} as const satisfies Record<string, readonly string[]>;
export type ClientFailure = keyof typeof CLIENT_FAILURES;
export type ClientFailureParams<F extends ClientFailure> = Record<
  (typeof CLIENT_FAILURES)[F][number],
  ParamValue
>;

/** One problem with a request: where (a dotted path), which rule, and the rule's values. */
export const IssueSchema = z.object({
  field: z.string(),
  rule: RuleCodeSchema,
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type Issue = z.infer<typeof IssueSchema>;

const PREFIX = 'rule:';

/**
 * A rule as zod's issue message, which can only be a string: `rule:<code>`, then its values as a
 * query string (`rule:too_long?max=200`). Use it as a check's `error`; `parseRule` reads it back.
 */
export function rule<R extends RuleCode>(
  code: R,
  ...params: (typeof RULES)[R] extends readonly [] ? [] : [RuleParams<R>]
): string {
  const values = params[0] as Record<string, ParamValue> | undefined;
  const query = values
    ? new URLSearchParams(
        Object.entries(values).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString()
    : '';
  return query ? `${PREFIX}${code}?${query}` : `${PREFIX}${code}`;
}

const isRuleCode = (code: string): code is RuleCode => Object.hasOwn(RULES, code);

/** A number written the way String(number) writes it comes back as that number. */
const paramValue = (text: string): ParamValue =>
  text !== '' && String(Number(text)) === text ? Number(text) : text;

/** The rule and values of a message written by `rule()`; null for any other text. */
export function parseRule(
  message: string,
): { rule: RuleCode; params: Record<string, ParamValue> } | null {
  if (!message.startsWith(PREFIX)) return null;
  const [code = '', query] = message.slice(PREFIX.length).split(/\?(.*)/s);
  if (!isRuleCode(code)) return null;
  const params: Record<string, ParamValue> = {};
  for (const [key, value] of new URLSearchParams(query ?? '')) params[key] = paramValue(value);
  return { rule: code, params };
}

/** A zod issue (or one a service raises) as an `Issue`; text that is no rule is `invalid`. */
export function issueOf(path: readonly PropertyKey[] | string, message: string): Issue {
  const field = typeof path === 'string' ? path : path.map(String).join('.');
  return { field, ...(parseRule(message) ?? { rule: 'invalid', params: {} }) };
}

/** An issue a service raises itself (a comuna that does not exist, a photo not uploaded). */
export function issue<R extends RuleCode>(
  field: string,
  code: R,
  ...params: (typeof RULES)[R] extends readonly [] ? [] : [RuleParams<R>]
): Issue {
  return { field, rule: code, params: (params[0] as Record<string, ParamValue>) ?? {} };
}

const isFieldName = (name: string): name is FieldName =>
  (FIELDS as readonly string[]).includes(name);

/**
 * The label of an issue's field: the path's first segment (`photos` for `photos.3`, with
 * `position` 4); a list sent as the whole body names its items `file`; else the whole body.
 */
export function fieldOf(field: string): { name: FieldName; position?: number } {
  // A saved search's filter is labelled as the grid's (`filters.price_max`: maximum price).
  const nested = field.split('.');
  if (nested[0] === 'filters' && nested.length === 2 && isFieldName(nested[1] ?? ''))
    return { name: nested[1] as FieldName };
  const [first = '', second] = nested;
  const index = /^\d+$/.test(first) ? first : /^\d+$/.test(second ?? '') ? second : undefined;
  const position = index === undefined ? undefined : Number(index) + 1;
  const name: FieldName = isFieldName(first) ? first : index === first ? 'file' : 'body';
  return position === undefined ? { name } : { name, position };
}

/** The catalogue's keys an issue is worded with: its rule's message and its field's label. */
export type IssueKey = `rule.${RuleCode}` | `field.${FieldName}`;

/** A translator: a catalogue key and its values to the text in some language. */
export type Translate = (key: IssueKey, values?: Record<string, ParamValue>) => string;

/**
 * An issue as a sentence in the translator's language: the rule's message with its values and the
 * field's label as `{field}` (and `{position}` for an item of a list). Labels are written as they
 * read inside a sentence ("comuna", "la comuna"); a sentence that starts with one capitalises it.
 */
export function renderIssue(issue: Issue, translate: Translate): string {
  const { name, position } = fieldOf(issue.field);
  const at: Record<string, ParamValue> = position === undefined ? {} : { position };
  const label = translate(`field.${name}`, at);
  const text = translate(`rule.${issue.rule}`, { ...issue.params, ...at, field: label });
  return label && text.startsWith(label) ? label.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** Each field's problems as sentences, keyed by path: the envelope's `fieldErrors`. */
export function fieldErrorsOf(
  issues: readonly Issue[],
  translate: Translate,
): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    fieldErrors[issue.field] = [...(fieldErrors[issue.field] ?? []), renderIssue(issue, translate)];
  }
  return fieldErrors;
}
