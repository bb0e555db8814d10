import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from './client.js';
import { app_meta, properties, property_visits, users } from './schema.js';

type DemoVisit = {
  property: string;
  /** The development sign-in's member who goes. */
  visitor: string;
  /** Days from today (negative: already done) and the hour in UTC (Chile is UTC−3/−4). */
  days: number;
  utcHour: number;
  notes?: string;
  rating?: number;
};

/**
 * A few visits on the demo listings: some done (rated), some ahead for the development members,
 * so Home's "Tus próximas visitas" shows something from the first sign-in.
 */
const DEMO_VISITS: DemoVisit[] = [
  { property: 'Oficina en El Golf', visitor: 'editor@bec.local', days: 1, utcHour: 14 },
  {
    property: 'Casa esquina en Ñuñoa',
    visitor: 'editor@bec.local',
    days: 4,
    utcHour: 19.5,
    notes: 'Llevar huincha: confirmar metros del patio.',
  },
  { property: 'Casa en Quilpué', visitor: 'admin@bec.local', days: 2, utcHour: 13 },
  { property: 'Parcela en Frutillar', visitor: 'viewer@bec.local', days: 6, utcHour: 15 },
  {
    property: 'Departamento luminoso en Providencia',
    visitor: 'editor@bec.local',
    days: -10,
    utcHour: 15,
    notes: 'Muy luminoso; la cocina necesita remodelación.',
    rating: 4,
  },
  {
    property: 'Casa con jardín en Las Condes',
    visitor: 'admin@bec.local',
    days: -20,
    utcHour: 14,
    notes: 'Jardín amplio, buena orientación.',
    rating: 5,
  },
];

const DAY = 86_400_000;

/**
 * Logs the demo visits once, when the demo listings and the development members are there. A
 * listing still new moves as a visit would move it (to visit ahead, visited once done).
 */
export async function seedDemoVisits(db: Database, now = new Date()) {
  await db.transaction(async (tx) => {
    const demo = await tx.select().from(app_meta).where(eq(app_meta.key, 'demo_seeded_at'));
    if (demo.length === 0) return;
    const claimed = await tx
      .insert(app_meta)
      .values({ key: 'demo_visits_seeded_at', value: now.toISOString() })
      .onConflictDoNothing()
      .returning({ key: app_meta.key });
    if (claimed.length === 0) return;
    const members = new Map(
      (
        await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(
            inArray(
              users.email,
              DEMO_VISITS.map((v) => v.visitor),
            ),
          )
      ).map((u) => [u.email, u.id]),
    );
    const listings = new Map(
      (
        await tx
          .select({ id: properties.id, name: properties.name, stage: properties.stage })
          .from(properties)
          .where(
            inArray(
              properties.name,
              DEMO_VISITS.map((v) => v.property),
            ),
          )
      ).map((p) => [p.name, p]),
    );
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    for (const visit of DEMO_VISITS) {
      const listing = listings.get(visit.property);
      const visitor = members.get(visit.visitor);
      if (!listing || visitor === undefined) continue;
      const visitedAt = new Date(today + visit.days * DAY + visit.utcHour * 3600_000);
      await tx.insert(property_visits).values({
        property_id: listing.id,
        visited_at: visitedAt,
        visitor_id: visitor,
        notes: visit.notes ?? null,
        rating: visit.rating ?? null,
        created_by: visitor,
        created_at: now,
        updated_at: now,
      });
      const done = visitedAt.getTime() <= now.getTime();
      const next = done
        ? listing.stage === 'new' || listing.stage === 'to_visit'
          ? 'visited'
          : null
        : listing.stage === 'new'
          ? 'to_visit'
          : null;
      if (next)
        await tx
          .update(properties)
          .set({ stage: next })
          .where(and(eq(properties.id, listing.id), eq(properties.stage, listing.stage)));
    }
  });
}
