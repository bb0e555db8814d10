import { IdSchema } from '@bec/contracts';

/** A numeric id from a route parameter ("42"), or null for anything else ("abc", "1e3", "0"). */
export function parseRouteId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const parsed = IdSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
