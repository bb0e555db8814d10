/**
 * Hand-made facts that make the generated listings look like Chile's market: where listings
 * cluster, what streets are called, what notes brokers write. Rough on purpose; what matters to
 * the benchmark is the shape (skew towards Santiago, accents, long text, many NULLs).
 */

/** Share of listings per region (official code), roughly by population, plus a centre point. */
export const REGIONS: Record<number, { weight: number; lat: number; lng: number }> = {
  15: { weight: 1.3, lat: -18.48, lng: -70.31 },
  1: { weight: 2.0, lat: -20.22, lng: -70.14 },
  2: { weight: 3.5, lat: -23.65, lng: -70.4 },
  3: { weight: 1.6, lat: -27.37, lng: -70.33 },
  4: { weight: 4.5, lat: -29.95, lng: -71.34 },
  5: { weight: 10, lat: -33.05, lng: -71.6 },
  13: { weight: 40, lat: -33.45, lng: -70.66 },
  6: { weight: 5, lat: -34.17, lng: -70.74 },
  7: { weight: 6, lat: -35.43, lng: -71.66 },
  16: { weight: 2.5, lat: -36.61, lng: -72.1 },
  8: { weight: 9, lat: -36.83, lng: -73.05 },
  9: { weight: 6, lat: -38.74, lng: -72.6 },
  14: { weight: 2, lat: -39.81, lng: -73.25 },
  10: { weight: 4.5, lat: -41.47, lng: -72.94 },
  11: { weight: 0.6, lat: -45.57, lng: -72.07 },
  12: { weight: 1, lat: -53.16, lng: -70.91 },
};

/** Comunas with far more listings than their region's others (the capital, CUT xx101, gets 6). */
export const HOT_COMUNAS: Record<string, number> = {
  Santiago: 6,
  'Las Condes': 6,
  Providencia: 5,
  Ñuñoa: 5,
  Vitacura: 3,
  'Lo Barnechea': 3,
  'La Florida': 4,
  Maipú: 4,
  'Puente Alto': 4,
  'San Miguel': 3,
  Macul: 2,
  'La Reina': 2,
  'Estación Central': 2,
  Independencia: 2,
  Recoleta: 2,
  Colina: 2,
  Peñalolén: 2,
  Quilicura: 2,
  Pudahuel: 2,
  'Viña del Mar': 5,
  Concón: 2,
  Quilpué: 2,
  Coquimbo: 4,
  Talcahuano: 2,
  'San Pedro de la Paz': 2,
  'Puerto Varas': 2,
  Osorno: 3,
  Curicó: 3,
  Calama: 3,
  'Alto Hospicio': 2,
};

/** Comunas where prices run higher than elsewhere. */
export const PREMIUM_COMUNAS = new Set([
  'Las Condes',
  'Vitacura',
  'Lo Barnechea',
  'Providencia',
  'Ñuñoa',
  'La Reina',
  'Viña del Mar',
  'Concón',
  'Puerto Varas',
]);

/** Avenues of Greater Santiago; listings in Región Metropolitana mostly sit on these. */
export const SANTIAGO_STREETS = [
  'Av. Irarrázaval',
  'Av. Providencia',
  'Av. Apoquindo',
  'Av. Vicuña Mackenna',
  'Av. Pedro de Valdivia',
  'Av. Los Leones',
  'Av. Manuel Montt',
  'Av. Grecia',
  'Av. José Pedro Alessandri',
  'Av. Macul',
  'Av. Tobalaba',
  'Av. Presidente Kennedy',
  'Av. Vitacura',
  'Av. Las Condes',
  'Gran Avenida José Miguel Carrera',
  'Av. Pajaritos',
  'Av. Recoleta',
  'Av. Independencia',
  'Av. Américo Vespucio',
  'Av. Departamental',
];

/** Street names found in towns all over Chile. */
export const NATIONAL_STREETS = [
  "Av. Libertador Bernardo O'Higgins",
  'Arturo Prat',
  'Freire',
  'Av. Colón',
  'Caupolicán',
  'Lautaro',
  'Manuel Rodríguez',
  'Balmaceda',
  'Chacabuco',
  'Maipú',
  'Yungay',
  'Bulnes',
  'Errázuriz',
  'Baquedano',
  'Serrano',
  'Blanco Encalada',
  'Los Carrera',
  'Andrés Bello',
  'Gabriela Mistral',
  'Los Aromos',
  'Pasaje Los Álamos',
  'Av. España',
];

/** Rural roads, for parcelas and out-of-town terrenos. */
export const RURAL_ROADS = [
  'Camino a Farellones',
  'Camino Lo Orozco',
  'Camino El Alba',
  'Ruta 5 Sur',
  'Ruta 68',
  'Camino a Melipilla',
  'Camino Real',
  'Camino Los Quillayes',
  'Ruta G-25',
  'Camino Las Vertientes',
];

export const NOTES = [
  'Vista despejada',
  'Orientación norte, muy luminoso',
  'Cerca de metro y comercio',
  'Requiere remodelación',
  'Dueño directo, conversable',
  'Excelente conectividad',
  'Con rol propio y factibilidad de agua y luz',
  'Gastos comunes bajos',
  'Recién pintado, listo para habitar',
  'Ideal inversionistas: arrendado hasta fin de año',
  'Quincho y piscina en el condominio',
  'Pendiente visita con el corredor',
];

/**
 * Where listings stand in the team's pipeline: most were just entered, a few are being visited or
 * negotiated, and a sixth were discarded (with a reason).
 */
export const STAGE_WEIGHTS = [
  ['new', 58],
  ['to_visit', 10],
  ['visited', 9],
  ['negotiating', 3],
  ['offer_made', 1.5],
  ['bought', 0.5],
  ['discarded', 18],
] as const;

export const DISCARD_REASONS = [
  'Precio sobre mercado',
  'Ya se vendió',
  'Problemas con los títulos',
  'No es lo que buscamos',
  'El corredor no responde',
];

/** The brokers listings come through: a person and, for most, their agency. */
export const BROKERS: [name: string, company: string | null][] = [
  ['María José Fuentes', 'Fuentes & Asociados Propiedades'],
  ['Rodrigo Pizarro', 'Pizarro Corretajes'],
  ['Francisca Contreras', 'Propiedades del Pacífico'],
  ['Cristián Araya', null],
  ['Valentina Sepúlveda', 'Inmobiliaria Cordillera'],
  ['Jorge Tapia', 'Tapia Propiedades'],
  ['Camila Espinoza', 'Corredora Los Andes'],
  ['Felipe Morales', null],
  ['Javiera Reyes', 'Reyes Gestión Inmobiliaria'],
  ['Patricio Gutiérrez', 'Sur Propiedades'],
  ['Constanza Vargas', 'Vargas & Cía. Corredores'],
  ['Matías Castillo', null],
  ['Daniela Rojas', 'Propiedades Costa Central'],
  ['Sebastián Núñez', 'Núñez Corretaje de Propiedades'],
  ['Carolina Álvarez', 'Inmobiliaria Austral'],
  ['Ignacio Herrera', null],
  ['Paula Medina', 'Medina Propiedades'],
  ['Tomás Silva', 'Valle Central Corredores'],
  ['Fernanda Castro', 'Propiedades Norte Grande'],
  ['Andrés Figueroa', null],
];

/** Share of listings per property type name; types not listed here get 2. */
export const TYPE_WEIGHTS: Record<string, number> = {
  Departamento: 38,
  Casa: 30,
  Terreno: 8,
  Parcela: 7,
  Oficina: 6,
  'Local comercial': 5,
  Bodega: 3,
  Galpón: 3,
};
