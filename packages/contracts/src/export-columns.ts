/*
 * The CSV export's columns, in the file's order. Their headings are `export.<column>` in the shared
 * catalogue (locales/*.json), beside the stages' names the `stage` column writes: the export reads
 * the same words as the screens. New columns go last, so a spreadsheet's older columns keep their
 * places.
 */
export const EXPORT_COLUMNS = [
  'id',
  'name',
  'address',
  'city',
  'region',
  'type',
  'price_clp',
  'price_per_sqm_clp',
  'building_sqmts',
  'land_sqmts',
  'parking_sqmts',
  'additional_sqmts',
  'basement_sqmts',
  'rooms',
  'visited',
  'broker',
  'latitude',
  'longitude',
  'google_maps_url',
  'notes',
  'created_at',
  'updated_at',
  'price_entered',
  'price_unit',
  'price_uf',
  'price_per_sqm_uf',
  'uf_date',
  'stage',
  'discard_reason',
  'bathrooms',
  'parking_spaces',
  'storage_units',
  'common_expenses',
  'floor',
  'orientation',
  'year_built',
] as const;

export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/** A column's heading in the shared catalogue: "Comuna", "Comuna" (en keeps Chile's words). */
export type ExportHeadingKey = `export.${ExportColumn}`;
export const exportHeadingKey = (column: ExportColumn): ExportHeadingKey => `export.${column}`;
