import { Readable } from 'node:stream';
import {
  type CatalogueKey,
  EXPORT_COLUMNS,
  type ExportColumn,
  exportHeadingKey,
  type PropertyStage,
  stageLabelKey,
} from '@bec/contracts';
import spanish from '@bec/contracts/locales/es-CL.json' with { type: 'json' };

/**
 * The file is Spanish, as the team's spreadsheets are: its headings and stage names are the shared
 * catalogue's (ADR 029), the words the screens show.
 */
const es: Record<CatalogueKey, string> = spanish;

/** One exported row, as the export query answers it. */
export type ExportRow = {
  id: number;
  name: string;
  /** Null, like both areas, on a quick add not completed yet (an empty cell). */
  address: string | null;
  city_name: string;
  region_name: string;
  property_type_name: string;
  price_amount: number;
  price_unit: 'CLP' | 'UF';
  /** Pesos; null for a UF price while no UF value is known. */
  price: number | null;
  price_uf: number | null;
  /** The day of the UF the peso and UF figures were converted with. */
  uf_date: string | null;
  price_per_sqm: number | null;
  price_per_sqm_uf: number | null;
  building_sqmts: number | null;
  land_sqmts: number | null;
  parking_sqmts: number | null;
  additional_sqmts: number | null;
  basement_sqmts: number | null;
  rooms: number | null;
  bathrooms: number | null;
  parking_spaces: number | null;
  storage_units: number | null;
  common_expenses: number | null;
  floor: number | null;
  orientation: string | null;
  year_built: number | null;
  visited: boolean;
  stage: PropertyStage;
  discard_reason: string | null;
  broker_name: string | null;
  latitude: number | null;
  longitude: number | null;
  google_maps_url: string | null;
  notes: string | null;
  created_at: Date;
  updated_at: Date;
};

// Excel set to Spanish (Chile) reads ';' as the separator and ',' as the decimal mark.
const SEPARATOR = ';';
const decimal = (n: number | null) => (n === null ? '' : String(n).replace('.', ','));
// Built once: constructing an Intl.DateTimeFormat costs a hundred times a format with one, and
// every row has two dates.
const santiagoDateTime = new Intl.DateTimeFormat('es-CL', {
  timeZone: 'America/Santiago',
  dateStyle: 'short',
  timeStyle: 'short',
});
const whole = (n: number | null) => (n === null ? '' : String(n));
const date = (d: Date) => santiagoDateTime.format(d);

/** Quotes when needed, and defuses text a spreadsheet would run as a formula. */
function cell(value: string) {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Each column's value; the type holds it to EXPORT_COLUMNS, which gives their order. */
const VALUES: Record<ExportColumn, (r: ExportRow) => string> = {
  id: (r) => String(r.id),
  name: (r) => r.name,
  address: (r) => r.address ?? '',
  city: (r) => r.city_name,
  region: (r) => r.region_name,
  type: (r) => r.property_type_name,
  // The peso equivalent: the price itself in CLP, converted at the UF of 'Fecha UF' in UF (empty
  // for a UF price while no UF value is known).
  price_clp: (r) => (r.price === null ? '' : String(r.price)),
  // On land area for Terreno and Parcela, on built area for the rest (as on the cards).
  price_per_sqm_clp: (r) => (r.price_per_sqm === null ? '' : String(r.price_per_sqm)),
  building_sqmts: (r) => decimal(r.building_sqmts),
  land_sqmts: (r) => decimal(r.land_sqmts),
  parking_sqmts: (r) => decimal(r.parking_sqmts),
  additional_sqmts: (r) => decimal(r.additional_sqmts),
  basement_sqmts: (r) => decimal(r.basement_sqmts),
  rooms: (r) => whole(r.rooms),
  visited: (r) => (r.visited ? 'Sí' : 'No'),
  broker: (r) => r.broker_name ?? '',
  latitude: (r) => decimal(r.latitude),
  longitude: (r) => decimal(r.longitude),
  google_maps_url: (r) => r.google_maps_url ?? '',
  notes: (r) => r.notes ?? '',
  created_at: (r) => date(r.created_at),
  updated_at: (r) => date(r.updated_at),
  // Added with UF prices, after the older columns so that those keep their places: the price as
  // entered and its unit, the UF equivalents (empty for a peso price while no UF value is known)
  // and the day of the UF that both equivalents were converted with.
  price_entered: (r) => decimal(r.price_amount),
  price_unit: (r) => r.price_unit,
  price_uf: (r) => decimal(r.price_uf),
  price_per_sqm_uf: (r) => decimal(r.price_per_sqm_uf),
  uf_date: (r) => r.uf_date ?? '',
  // Added with the pipeline, last for the same reason.
  stage: (r) => es[stageLabelKey(r.stage)],
  discard_reason: (r) => r.discard_reason ?? '',
  // A Chilean listing's attributes (ADR 038), last for the same reason.
  bathrooms: (r) => whole(r.bathrooms),
  parking_spaces: (r) => whole(r.parking_spaces),
  storage_units: (r) => whole(r.storage_units),
  common_expenses: (r) => whole(r.common_expenses),
  floor: (r) => whole(r.floor),
  orientation: (r) => r.orientation ?? '',
  year_built: (r) => whole(r.year_built),
};

const line = (cells: string[]) => `${cells.map(cell).join(SEPARATOR)}\r\n`;

/**
 * The CSV as a stream: a BOM (so Excel reads UTF-8 accents), the header, then the rows batch by
 * batch as `nextBatch` yields them, so memory stays flat however long the list is.
 */
export function propertiesCsv(batches: AsyncIterable<ExportRow[]>) {
  return Readable.from(
    (async function* csv() {
      yield `\uFEFF${line(EXPORT_COLUMNS.map((column) => es[exportHeadingKey(column)]))}`;
      for await (const rows of batches)
        yield rows.map((r) => line(EXPORT_COLUMNS.map((column) => VALUES[column](r)))).join('');
    })(),
  );
}
