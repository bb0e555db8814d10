import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { cities, property_types, regions } from '../../db/schema.js';

export const listPropertyTypes = (db: Database) =>
  db.select().from(property_types).orderBy(asc(property_types.id));

export const listRegions = (db: Database) =>
  db.select().from(regions).orderBy(asc(regions.position));

export const listCities = (db: Database) => db.select().from(cities);
