import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  areaColumns,
  filterConditions,
  type PesoFilters,
  ufColumns,
  withNames,
} from '../../db/property-query.js';
import {
  brokers,
  cities,
  properties,
  property_types,
  regions,
  uf_pricing,
} from '../../db/schema.js';

/** Every exported column, newest first, one keyset batch after `after` (id and created_at). */
export async function exportBatch(
  db: Database,
  filters: PesoFilters,
  after: { created_at: Date; id: number } | null,
  limit: number,
) {
  const conditions = filterConditions(filters);
  if (after) {
    conditions.push(
      sql`(${properties.created_at}, ${properties.id}) < (${after.created_at.toISOString()}::timestamptz, ${after.id}::integer)`,
    );
  }
  return withNames(
    db
      .select({
        id: properties.id,
        name: properties.name,
        address: properties.address,
        city_name: cities.name,
        region_name: regions.name,
        property_type_name: property_types.name,
        price_amount: properties.price_amount,
        price_unit: properties.price_unit,
        price: properties.price,
        price_uf: ufColumns.price_uf,
        uf_date: sql<string | null>`(select ${uf_pricing.date}::text from ${uf_pricing})`,
        price_per_sqm: properties.price_per_sqm,
        price_per_sqm_uf: ufColumns.price_per_sqm_uf,
        ...areaColumns,
        visited: properties.visited,
        stage: properties.stage,
        discard_reason: properties.discard_reason,
        broker_name: brokers.name,
        latitude: properties.latitude,
        longitude: properties.longitude,
        google_maps_url: properties.google_maps_url,
        notes: properties.notes,
        created_at: properties.created_at,
        updated_at: properties.updated_at,
      })
      .from(properties)
      .$dynamic(),
  )
    .leftJoin(brokers, eq(brokers.id, properties.broker_id))
    .where(and(...conditions))
    .orderBy(desc(properties.created_at), desc(properties.id))
    .limit(limit);
}
