import type { HistoryEntry, HistoryValue, PROPERTY_FIELDS, PropertyField } from '@bec/contracts';
import { currentLocale } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import {
  formatArea,
  formatCoordinate,
  formatDateTime,
  formatDecimal,
  formatInteger,
  formatPrice,
  formatUf,
} from '@/lib/format';
import { stageLabel } from '@/lib/stages';

type T = (id: MessageId, values?: Record<string, string | number>) => string;

/** A property field's name in the history, as the catalogue of fields says it (ADR 066). */
type HistoryFieldName = NonNullable<(typeof PROPERTY_FIELDS)[PropertyField]['history']>;

/**
 * A property field's label in the history, with its article ("el precio", "la comuna"): keyed by
 * the catalogue's names, so a field it gains without a label here fails to compile. The keys are
 * written out whole, as the catalogues' test asks.
 */
const PROPERTY_FIELD_LABELS: Record<HistoryFieldName, MessageId> = {
  name: 'history.field.name',
  property_type: 'history.field.property_type',
  price: 'history.field.price',
  rooms: 'history.field.rooms',
  bathrooms: 'history.field.bathrooms',
  parking_spaces: 'history.field.parking_spaces',
  storage_units: 'history.field.storage_units',
  common_expenses: 'history.field.common_expenses',
  floor: 'history.field.floor',
  orientation: 'history.field.orientation',
  year_built: 'history.field.year_built',
  address: 'history.field.address',
  comuna: 'history.field.comuna',
  google_maps_url: 'history.field.google_maps_url',
  latitude: 'history.field.latitude',
  longitude: 'history.field.longitude',
  building_sqmts: 'history.field.building_sqmts',
  land_sqmts: 'history.field.land_sqmts',
  parking_sqmts: 'history.field.parking_sqmts',
  additional_sqmts: 'history.field.additional_sqmts',
  basement_sqmts: 'history.field.basement_sqmts',
  broker: 'history.field.broker',
  notes: 'history.field.notes',
};

/** The fields a history names: a property's, and a visit's. */
const FIELD_LABELS: Record<string, MessageId> = {
  ...PROPERTY_FIELD_LABELS,
  visited_at: 'history.field.visited_at',
  visitor: 'history.field.visitor',
  rating: 'history.field.rating',
};

const MAX_TEXT = 60;
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);

/** A value as the screens show it: prices with their unit, areas in m², text quoted. */
function formatValue(field: string, value: HistoryValue, t: T): string {
  if (value === null || value === '') return t('history.value.empty');
  if (typeof value === 'object')
    return value.unit === 'UF' ? formatUf(value.amount) : formatPrice(value.amount);
  if (typeof value === 'boolean') return t(value ? 'history.value.yes' : 'history.value.no');
  if (typeof value === 'number') {
    if (field.endsWith('_sqmts')) return formatArea(value);
    if (field === 'latitude' || field === 'longitude') return formatCoordinate(value);
    return Number.isInteger(value) ? formatInteger(value) : formatDecimal(value);
  }
  if (field === 'visited_at' && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
  return t('history.value.text', { text: clip(value) });
}

const fieldLabel = (field: string, t: T) => {
  const id = FIELD_LABELS[field];
  return id ? t(id) : field;
};

/** "12 de diciembre", in Chile's time zone. */
function formatVisitDay(iso: string): string {
  return new Intl.DateTimeFormat(currentLocale(), {
    day: 'numeric',
    month: 'long',
    timeZone: 'America/Santiago',
  }).format(new Date(iso));
}

/** Who made a change: the member as named then, or BEC itself. */
const actorName = (entry: Pick<HistoryEntry, 'actor'>, t: T) =>
  entry.actor?.name ?? t('history.actor.system');

/**
 * An entry as sentences, each naming who did it: "Ana Admin cambió el precio de UF 100 a UF 120".
 * An edit of several fields gives one sentence per field.
 */
export function entrySentences(entry: HistoryEntry, t: T): string[] {
  const actor = actorName(entry, t);
  const c = entry.changes;
  switch (c.kind) {
    case 'created':
      return [
        t('history.kind.created', {
          actor,
          name: clip(c.name),
          price: formatValue('price', c.price, t),
        }),
      ];
    case 'deleted':
      return [t('history.kind.deleted', { actor, name: clip(c.name) })];
    case 'updated':
      return c.fields.map((f) => {
        const field = fieldLabel(f.field, t);
        if (f.from === null || f.from === '')
          return t('history.kind.fieldSet', { actor, field, to: formatValue(f.field, f.to, t) });
        if (f.to === null || f.to === '')
          return t('history.kind.fieldCleared', {
            actor,
            field,
            from: formatValue(f.field, f.from, t),
          });
        return t('history.kind.fieldChanged', {
          actor,
          field,
          from: formatValue(f.field, f.from, t),
          to: formatValue(f.field, f.to, t),
        });
      });
    case 'photos_added':
      return [t('history.kind.photosAdded', { actor, count: c.photo_ids.length })];
    case 'photos_removed':
      return [t('history.kind.photosRemoved', { actor, count: c.photo_ids.length })];
    case 'photos_reordered':
      return [t('history.kind.photosReordered', { actor })];
    case 'stage': {
      const values = { actor, from: t(stageLabel(c.from)), to: t(stageLabel(c.to)) };
      return [
        c.to === 'discarded' && c.reason
          ? t('history.kind.stageDiscarded', { ...values, reason: clip(c.reason) })
          : t('history.kind.stage', values),
      ];
    }
    case 'visit_added':
      return [t('history.kind.visitAdded', { actor, day: formatVisitDay(c.visited_at) })];
    case 'visit_updated':
      return [t('history.kind.visitUpdated', { actor, day: formatVisitDay(c.visited_at) })];
    case 'visit_removed':
      return [t('history.kind.visitRemoved', { actor, day: formatVisitDay(c.visited_at) })];
  }
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** How long ago, in words: "hace 2 horas", "ayer", "hace un momento". */
export function formatAgo(iso: string, t: T, now = Date.now()): string {
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  if (seconds < 45) return t('history.justNow');
  const format = new Intl.RelativeTimeFormat(currentLocale(), { numeric: 'auto' });
  for (const [unit, size] of UNITS)
    if (Math.abs(seconds) >= size) return format.format(-Math.round(seconds / size), unit);
  return format.format(-Math.max(1, Math.round(seconds / 60)), 'minute');
}
