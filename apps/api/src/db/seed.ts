import { type PropertyStage, VISITED_STAGES } from '@bec/contracts';
import { sql } from 'drizzle-orm';
import { chileDate } from '../lib/chile-date.js';
import type { Database } from './client.js';
import {
  app_meta,
  brokers,
  cities,
  properties,
  property_types,
  regions,
  uf_values,
  users,
  withDerivedColumns,
} from './schema.js';
import comunas from './seed-data/chile-comunas.json' with { type: 'json' };
import { DEMO_PROPERTIES, DEMO_UF_VALUE } from './seed-data/demo-properties.js';

/** Lots and parcels are priced per m² of land; everything else per m² built. */
export const PROPERTY_TYPES: { name: string; area_basis: 'building' | 'land' }[] = [
  { name: 'Casa', area_basis: 'building' },
  { name: 'Departamento', area_basis: 'building' },
  { name: 'Oficina', area_basis: 'building' },
  { name: 'Local comercial', area_basis: 'building' },
  { name: 'Terreno', area_basis: 'land' },
  { name: 'Parcela', area_basis: 'land' },
  { name: 'Bodega', area_basis: 'building' },
  { name: 'Galpón', area_basis: 'building' },
];

const BROKERS = [
  {
    name: 'Patricia Soto',
    company: 'Soto Propiedades',
    phone: '+56981234567',
    email: 'psoto@sotopropiedades.cl',
  },
  {
    name: 'Rodrigo Fuentes',
    company: 'Inmobiliaria Andes',
    phone: '+56973451290',
    email: 'rfuentes@inmoandes.cl',
  },
  {
    name: 'Carolina Muñoz',
    company: null,
    phone: '+56966120043',
    email: 'carolina.munoz@gmail.com',
  },
  {
    name: 'Felipe Araya',
    company: 'Corredora del Sur',
    phone: '+56652239910',
    email: 'faraya@corredoradelsur.cl',
  },
];

/** Regions, comunas and property types: idempotent, run at every start. */
export async function seedReferenceData(db: Database) {
  await db.transaction(async (tx) => {
    await tx
      .insert(regions)
      .values(
        comunas.regions.map((r, index) => ({
          id: Number(r.code),
          code: r.code,
          name: r.name,
          roman: r.roman,
          position: index + 1,
        })),
      )
      .onConflictDoUpdate({
        target: regions.id,
        set: {
          name: sql`excluded.name`,
          roman: sql`excluded.roman`,
          position: sql`excluded.position`,
        },
      });
    await tx
      .insert(cities)
      .values(
        comunas.regions.flatMap((r) =>
          r.comunas.map((c) => ({
            id: Number(c.code),
            code: c.code,
            name: c.name,
            region_id: Number(r.code),
          })),
        ),
      )
      .onConflictDoUpdate({ target: cities.id, set: { name: sql`excluded.name` } });
    await tx
      .insert(property_types)
      .values(PROPERTY_TYPES)
      .onConflictDoNothing({ target: property_types.name });
  });
}

/** Records that a one-time seed ran; answers false if it had run before. */
async function claimOnce(db: Database, key: string) {
  const claimed = await db
    .insert(app_meta)
    .values({ key, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning({ key: app_meta.key });
  return claimed.length > 0;
}

/**
 * The demo's sample brokers, once per database, with the demo listings (a real database starts
 * with none): after that they are the team's to edit, archive or remove.
 */
async function seedSampleBrokers(db: Database) {
  if (await claimOnce(db, 'brokers_seeded_at')) await db.insert(brokers).values(BROKERS);
}

const DEMO_FLAG = 'demo_seeded_at';

/**
 * Where the demo listings stand in the pipeline, by name, agreeing with their visited flag: the
 * visited ones from visited on (a few negotiating, one offer made, one bought), the others new or
 * to visit, and two discarded before anyone went. Listings not named stay at visited or new.
 */
const DEMO_STAGES: Record<string, { stage: PropertyStage; reason?: string }> = {
  'Departamento luminoso en Providencia': { stage: 'negotiating' },
  'Penthouse en Vitacura': { stage: 'negotiating' },
  'Casa patrimonial en Cerro Alegre': { stage: 'negotiating' },
  'Casa con jardín en Las Condes': { stage: 'offer_made' },
  'Bodega industrial en Maipú': { stage: 'bought' },
  'Oficina en El Golf': { stage: 'to_visit' },
  'Casa esquina en Ñuñoa': { stage: 'to_visit' },
  'Casa en Quilpué': { stage: 'to_visit' },
  'Casa en Temuco poniente': { stage: 'to_visit' },
  'Parcela en Frutillar': { stage: 'to_visit' },
  'Casa en Coquimbo alto': { stage: 'to_visit' },
  'Departamento para inversión en Santiago Centro': {
    stage: 'discarded',
    reason: 'Los gastos comunes se comen la rentabilidad del arriendo.',
  },
  'Galpón en el puerto de Valparaíso': {
    stage: 'discarded',
    reason: 'El plan regulador ya no permite uso industrial en el sector.',
  },
};

const demoStage = (p: { name: string; visited: boolean }) => {
  const planned = DEMO_STAGES[p.name];
  const stage: PropertyStage = planned?.stage ?? (p.visited ? 'visited' : 'new');
  // No demo visits exist, so a discarded listing was not visited. A plan that disagrees with the
  // listing's visited flag is a mistake in this file.
  if (VISITED_STAGES.includes(stage) !== p.visited)
    throw new Error(`Demo stage of ${p.name} contradicts its visited flag`);
  return { stage, discard_reason: planned?.reason ?? null };
};

/** Loads the demo listings unless they were loaded before (deleting them is the team's call). */
export async function seedDemoProperties(db: Database, { force = false } = {}) {
  return db.transaction(async (tx) => {
    if (!(await claimOnce(tx, DEMO_FLAG)) && !force) return 0;
    await seedSampleBrokers(tx);
    const types = new Map((await tx.select().from(property_types)).map((t) => [t.name, t.id]));
    const brokerIds = (await tx.select({ id: brokers.id }).from(brokers)).map((b) => b.id);
    const now = Date.now();
    const DAY = 86_400_000;
    const rows = DEMO_PROPERTIES.map((p, i) => {
      const typeId = types.get(p.type);
      if (!typeId) throw new Error(`Demo property type missing: ${p.type}`);
      // Spread over the last few months so the newest-first order means something.
      const created = new Date(now - (DEMO_PROPERTIES.length - i) * 3 * DAY);
      return {
        name: p.name,
        address: p.address,
        city_id: Number(p.comuna),
        property_type_id: typeId,
        broker_id: brokerIds.length ? (brokerIds[i % brokerIds.length] ?? null) : null,
        price_amount: p.price,
        price_unit: p.unit ?? 'CLP',
        building_sqmts: p.building,
        land_sqmts: p.land,
        parking_sqmts: p.parking ?? null,
        basement_sqmts: p.basement ?? null,
        rooms: p.rooms,
        ...demoStage(p),
        latitude: p.lat,
        longitude: p.lng,
        google_maps_url: `https://www.google.com/maps/search/?api=1&query=${p.lat},${p.lng}`,
        notes: p.notes ?? null,
        created_at: created,
        updated_at: created,
      };
    });
    await tx.insert(properties).values(withDerivedColumns(rows));
    // A UF value for today (source `demo`) when none is stored at all, so the demo shows both
    // units offline; never beside real ones. The UF listings get their peso price once it is
    // applied (at start, or by seed:demo), as with any new UF value.
    await tx.execute(
      sql`insert into ${uf_values} (date, value, source)
        select ${chileDate(new Date())}, ${DEMO_UF_VALUE}, 'demo'
        where not exists (select 1 from ${uf_values})`,
    );
    return rows.length;
  });
}

/** The development sign-in's member accounts (one per role), once per database. */
export async function seedDevMembers(
  db: Database,
  accounts: { email: string; name: string; role: 'viewer' | 'editor' | 'admin' | null }[],
) {
  await db.transaction(async (tx) => {
    if (!(await claimOnce(tx, 'dev_members_seeded_at'))) return;
    const members = accounts.flatMap((a) =>
      a.role ? [{ email: a.email.toLowerCase(), name: a.name, role: a.role }] : [],
    );
    if (members.length) await tx.insert(users).values(members).onConflictDoNothing();
  });
}
