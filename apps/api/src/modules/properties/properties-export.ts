import { Readable } from 'node:stream';
import type { PropertyStage } from '@bec/contracts';

/** The stages as the Spanish UI names them (the CSV's headers are Spanish too). */
const STAGE_NAMES: Record<PropertyStage, string> = {
  new: 'Nueva',
  to_visit: 'Por visitar',
  visited: 'Visitada',
  negotiating: 'En negociación',
  offer_made: 'Oferta hecha',
  bought: 'Comprada',
  discarded: 'Descartada',
};

/** One exported row, as the export query answers it. */
export type ExportRow = {
  id: number;
  name: string;
  address: string;
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
  building_sqmts: number;
  land_sqmts: number;
  parking_sqmts: number | null;
  additional_sqmts: number | null;
  basement_sqmts: number | null;
  rooms: number | null;
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
// Built once: constructing an Intl.DateTimeFormat costs ~0.1–0.3 ms, formatting with one ~3 µs,
// and every row has two dates.
const santiagoDateTime = new Intl.DateTimeFormat('es-CL', {
  timeZone: 'America/Santiago',
  dateStyle: 'short',
  timeStyle: 'short',
});
const date = (d: Date) => santiagoDateTime.format(d);

/** Quotes when needed, and defuses text a spreadsheet would run as a formula. */
function cell(value: string) {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const COLUMNS: [string, (r: ExportRow) => string][] = [
  ['ID', (r) => String(r.id)],
  ['Nombre', (r) => r.name],
  ['Dirección', (r) => r.address],
  ['Comuna', (r) => r.city_name],
  ['Región', (r) => r.region_name],
  ['Tipo', (r) => r.property_type_name],
  // The peso equivalent: the price itself in CLP, converted at the UF of 'Fecha UF' in UF (empty
  // for a UF price while no UF value is known).
  ['Precio (CLP)', (r) => (r.price === null ? '' : String(r.price))],
  // On land area for Terreno and Parcela, on built area for the rest (as on the cards).
  ['Precio por m² (CLP)', (r) => (r.price_per_sqm === null ? '' : String(r.price_per_sqm))],
  ['Superficie construida (m²)', (r) => decimal(r.building_sqmts)],
  ['Superficie terreno (m²)', (r) => decimal(r.land_sqmts)],
  ['Estacionamiento (m²)', (r) => decimal(r.parking_sqmts)],
  ['Superficie adicional (m²)', (r) => decimal(r.additional_sqmts)],
  ['Subterráneo (m²)', (r) => decimal(r.basement_sqmts)],
  ['Habitaciones', (r) => (r.rooms === null ? '' : String(r.rooms))],
  ['Visitada', (r) => (r.visited ? 'Sí' : 'No')],
  ['Corredor', (r) => r.broker_name ?? ''],
  ['Latitud', (r) => decimal(r.latitude)],
  ['Longitud', (r) => decimal(r.longitude)],
  ['Google Maps', (r) => r.google_maps_url ?? ''],
  ['Notas', (r) => r.notes ?? ''],
  ['Creada', (r) => date(r.created_at)],
  ['Actualizada', (r) => date(r.updated_at)],
  // Added with UF prices, after the older columns so that those keep their places: the price as
  // entered and its unit, the UF equivalents (empty for a peso price while no UF value is known)
  // and the day of the UF that both equivalents were converted with.
  ['Precio ingresado', (r) => decimal(r.price_amount)],
  ['Moneda', (r) => r.price_unit],
  ['Precio (UF)', (r) => decimal(r.price_uf)],
  ['Precio por m² (UF)', (r) => decimal(r.price_per_sqm_uf)],
  ['Fecha UF', (r) => r.uf_date ?? ''],
  // Added with the pipeline, last for the same reason.
  ['Etapa', (r) => STAGE_NAMES[r.stage]],
  ['Motivo del descarte', (r) => r.discard_reason ?? ''],
];

const line = (cells: string[]) => `${cells.map(cell).join(SEPARATOR)}\r\n`;

/**
 * The CSV as a stream: a BOM (so Excel reads UTF-8 accents), the header, then the rows batch by
 * batch as `nextBatch` yields them, so memory stays flat however long the list is.
 */
export function propertiesCsv(batches: AsyncIterable<ExportRow[]>) {
  return Readable.from(
    (async function* csv() {
      yield `\uFEFF${line(COLUMNS.map(([header]) => header))}`;
      for await (const rows of batches)
        yield rows.map((r) => line(COLUMNS.map(([, value]) => value(r)))).join('');
    })(),
  );
}
