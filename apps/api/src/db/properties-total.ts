import { sql } from 'drizzle-orm';
import { properties_total, properties_total_deltas } from './schema.js';

/*
 * The number of properties and their write version, as of the reading statement's snapshot: the
 * folded row plus the statements not yet folded (ADR 055). Uncorrelated subqueries: PostgreSQL
 * computes each once per statement, and the pending rows are few (a fold runs after each write).
 */

/** How many properties there are. */
export const propertiesCount = sql<number>`((select ${properties_total.n} from ${properties_total})
  + coalesce((select sum(${properties_total_deltas.n}) from ${properties_total_deltas}), 0))`;

/** Grows with every statement that writes properties: what cached figures are computed at. */
export const propertiesVersion = sql<string>`((select ${properties_total.version} from ${properties_total})
  + (select count(*) from ${properties_total_deltas}))::text`;
