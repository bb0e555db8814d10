/** Demo listings so a fresh install is not empty: realistic, but made up. A quarter is priced in UF,
 * as Chilean listings of homes and offices usually are. */
export type DemoProperty = {
  name: string;
  address: string;
  /** Official CUT comuna code. */
  comuna: string;
  type: string;
  /** In `unit`: whole pesos (CLP, the default), or UF with up to 2 decimals. */
  price: number;
  unit?: 'CLP' | 'UF';
  building: number;
  land: number;
  rooms: number | null;
  parking?: number;
  basement?: number;
  visited: boolean;
  lat: number;
  lng: number;
  notes?: string;
};

export const DEMO_PROPERTIES: DemoProperty[] = [
  { name: 'Departamento luminoso en Providencia', address: 'Av. Pedro de Valdivia 1850, depto 702', comuna: '13123', type: 'Departamento', price: 4_670, unit: 'UF', building: 78, land: 78, rooms: 3, parking: 12.5, visited: true, lat: -33.4335, lng: -70.6105, notes: 'Orientación norte, a dos cuadras del metro Pedro de Valdivia.' },
  { name: 'Casa con jardín en Las Condes', address: 'Camino El Alba 9420', comuna: '13114', type: 'Casa', price: 17_400, unit: 'UF', building: 240, land: 620, rooms: 5, parking: 36, basement: 40, visited: true, lat: -33.4069, lng: -70.5365, notes: 'Piscina y quincho; revisar filtraciones en el subterráneo.' },
  { name: 'Oficina en El Golf', address: 'Av. Apoquindo 3600, piso 11', comuna: '13114', type: 'Oficina', price: 10_600, unit: 'UF', building: 145, land: 145, rooms: null, parking: 25, visited: false, lat: -33.4156, lng: -70.5925 },
  { name: 'Departamento cerca de Plaza Ñuñoa', address: 'Jorge Washington 245, depto 304', comuna: '13120', type: 'Departamento', price: 3_590.5, unit: 'UF', building: 58, land: 58, rooms: 2, visited: true, lat: -33.4561, lng: -70.5977 },
  { name: 'Casa esquina en Ñuñoa', address: 'Los Jardines 1120', comuna: '13120', type: 'Casa', price: 398_000_000, building: 165, land: 310, rooms: 4, visited: false, lat: -33.4497, lng: -70.6034, notes: 'Apta para oficina; zonificación mixta.' },
  { name: 'Local comercial en Barrio Lastarria', address: 'José Victorino Lastarria 90', comuna: '13101', type: 'Local comercial', price: 265_000_000, building: 85, land: 85, rooms: null, visited: true, lat: -33.4378, lng: -70.6392 },
  { name: 'Departamento para inversión en Santiago Centro', address: 'San Diego 1045, depto 1510', comuna: '13101', type: 'Departamento', price: 79_900_000, building: 34, land: 34, rooms: 1, visited: false, lat: -33.4571, lng: -70.6494 },
  { name: 'Penthouse en Vitacura', address: 'Av. Vitacura 7350, depto 1801', comuna: '13132', type: 'Departamento', price: 24_750, unit: 'UF', building: 260, land: 260, rooms: 4, parking: 37.5, basement: 8, visited: true, lat: -33.3907, lng: -70.5652, notes: 'Terraza de 90 m² con vista a la cordillera.' },
  { name: 'Casa pareada en Macul', address: 'Pasaje Los Almendros 4431', comuna: '13118', type: 'Casa', price: 168_000_000, building: 92, land: 160, rooms: 3, visited: false, lat: -33.4921, lng: -70.5988 },
  { name: 'Parcela en Lo Barnechea', address: 'Camino a Farellones km 4', comuna: '13115', type: 'Parcela', price: 520_000_000, building: 0, land: 5000, rooms: null, visited: false, lat: -33.3535, lng: -70.4858, notes: 'Factibilidad de agua y luz; acceso pavimentado.' },
  { name: 'Bodega industrial en Maipú', address: 'Camino a Melipilla 10200', comuna: '13119', type: 'Bodega', price: 610_000_000, building: 1200, land: 2500, rooms: null, visited: true, lat: -33.5303, lng: -70.7811 },
  { name: 'Casa familiar en Puente Alto', address: 'Av. Concha y Toro 2760', comuna: '13201', type: 'Casa', price: 112_000_000, building: 84, land: 180, rooms: 3, visited: false, lat: -33.5862, lng: -70.5839 },
  { name: 'Terreno en Chicureo', address: 'Av. Chicureo 1500, lote 14', comuna: '13301', type: 'Terreno', price: 295_000_000, building: 0, land: 1200, rooms: null, visited: true, lat: -33.2805, lng: -70.6469 },
  { name: 'Departamento con vista al mar en Viña del Mar', address: 'Av. San Martín 1050, depto 1203', comuna: '05109', type: 'Departamento', price: 4_995.75, unit: 'UF', building: 82, land: 82, rooms: 2, parking: 12.5, visited: true, lat: -33.0153, lng: -71.5512 },
  { name: 'Casa patrimonial en Cerro Alegre', address: 'Templeman 512', comuna: '05101', type: 'Casa', price: 355_000_000, building: 210, land: 190, rooms: 6, visited: true, lat: -33.0419, lng: -71.6287, notes: 'Inmueble de conservación histórica; potencial hostal.' },
  { name: 'Galpón en el puerto de Valparaíso', address: 'Av. Argentina 230', comuna: '05101', type: 'Galpón', price: 450_000_000, building: 900, land: 1100, rooms: null, visited: false, lat: -33.0503, lng: -71.6103 },
  { name: 'Departamento frente al mar en Concón', address: 'Av. Borgoño 21500, depto 602', comuna: '05103', type: 'Departamento', price: 245_000_000, building: 96, land: 96, rooms: 3, parking: 12.5, visited: false, lat: -32.9547, lng: -71.5438 },
  { name: 'Casa en Quilpué', address: 'Los Carrera 880', comuna: '05801', type: 'Casa', price: 139_000_000, building: 110, land: 300, rooms: 4, visited: false, lat: -33.0478, lng: -71.4424 },
  { name: 'Casa de playa en Zapallar', address: 'Av. del Mar 320', comuna: '05405', type: 'Casa', price: 1_250_000_000, building: 320, land: 1400, rooms: 6, visited: true, lat: -32.5538, lng: -71.4597, notes: 'Acceso directo a la playa; vender antes de temporada.' },
  { name: 'Terreno en Algarrobo', address: 'Camino Algarrobo–Mirasol, parcela 7', comuna: '05602', type: 'Terreno', price: 89_000_000, building: 0, land: 800, rooms: null, visited: false, lat: -33.3631, lng: -71.6729 },
  { name: 'Departamento universitario en Concepción', address: 'Av. Chacabuco 1280, depto 405', comuna: '08101', type: 'Departamento', price: 72_000_000, building: 42, land: 42, rooms: 2, visited: true, lat: -36.8268, lng: -73.0444 },
  { name: 'Local en el centro de Talcahuano', address: 'Colón 455', comuna: '08110', type: 'Local comercial', price: 118_000_000, building: 120, land: 120, rooms: null, visited: false, lat: -36.7249, lng: -73.1168 },
  { name: 'Casa en Andalué', address: 'Los Canelos 340', comuna: '08108', type: 'Casa', price: 289_000_000, building: 180, land: 450, rooms: 4, parking: 30, visited: true, lat: -36.8538, lng: -73.1049 },
  { name: 'Casa en Temuco poniente', address: 'Av. Alemania 0890', comuna: '09101', type: 'Casa', price: 215_000_000, building: 150, land: 400, rooms: 4, visited: false, lat: -38.7338, lng: -72.6176 },
  { name: 'Cabaña junto al lago en Pucón', address: 'Camino Pucón–Caburgua km 6', comuna: '09115', type: 'Casa', price: 310_000_000, building: 120, land: 5000, rooms: 3, visited: true, lat: -39.2406, lng: -71.9322, notes: 'Arriendo turístico en verano; estufa a leña nueva.' },
  { name: 'Parcela con vista al volcán en Villarrica', address: 'Camino Villarrica–Lican Ray km 9', comuna: '09120', type: 'Parcela', price: 95_000_000, building: 0, land: 5000, rooms: null, visited: false, lat: -39.3247, lng: -72.1681 },
  { name: 'Casa de madera en Puerto Varas', address: 'Purísima 720', comuna: '10109', type: 'Casa', price: 9_590, unit: 'UF', building: 200, land: 700, rooms: 5, visited: true, lat: -41.3183, lng: -72.9836 },
  { name: 'Oficina frente a la costanera de Puerto Montt', address: 'Diego Portales 860, oficina 1004', comuna: '10101', type: 'Oficina', price: 134_000_000, building: 68, land: 68, rooms: null, visited: false, lat: -41.4717, lng: -72.9396 },
  { name: 'Parcela en Frutillar', address: 'Camino Frutillar–Los Bajos km 3', comuna: '10105', type: 'Parcela', price: 150_000_000, building: 0, land: 5000, rooms: null, visited: false, lat: -41.1086, lng: -73.0566 },
  { name: 'Departamento en Avenida del Mar, La Serena', address: 'Av. del Mar 4100, depto 301', comuna: '04101', type: 'Departamento', price: 3_990, unit: 'UF', building: 70, land: 70, rooms: 3, parking: 12.5, visited: true, lat: -29.9349, lng: -71.2737 },
  { name: 'Casa en Coquimbo alto', address: 'Los Pescadores 233', comuna: '04102', type: 'Casa', price: 98_000_000, building: 95, land: 200, rooms: 3, visited: false, lat: -29.9618, lng: -71.3394 },
  { name: 'Departamento en el borde costero de Antofagasta', address: 'Av. Grecia 1540, depto 1102', comuna: '02101', type: 'Departamento', price: 129_000_000, building: 65, land: 65, rooms: 2, visited: false, lat: -23.6624, lng: -70.4023 },
];

/**
 * The demo's UF value (pesos per UF), stored for the day the demo is loaded with source `demo`, so
 * the demo converts between both units without reaching the internet. Close to the real UF of late
 * 2025; a real source (UF_SOURCE) or an admin's entry replaces it.
 */
export const DEMO_UF_VALUE = 39_643.59;
