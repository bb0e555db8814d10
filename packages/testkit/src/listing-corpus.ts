import type { ImportedField } from '@bec/contracts';

/**
 * Listings written for BEC's tests (ADR 036, ADR 063: test data, so in testkit and not in the
 * API), in the styles the team receives them:
 * brokers' WhatsApp messages, portal-style descriptions and terse notes. Every text here was
 * made up for this corpus; none is copied. Each lists the fields a careful person would read from
 * it: the type and comuna by name, the rest as the add form takes them. `allowed` names fields
 * the reader may propose though the text leaves them open, without counting as wrong.
 */
export type CorpusListing = (
  | { text: string }
  /** A listing's page, read as the link import reads one fetched from `url`. */
  | { html: string; url: string }
) & {
  expect: Partial<{
    type: string;
    comuna: string;
    price: number;
    price_unit: 'CLP' | 'UF';
    rooms: number;
    bathrooms: number;
    parking_spaces: number;
    storage_units: number;
    common_expenses: number;
    floor: number;
    building_sqmts: number;
    land_sqmts: number;
    address: string;
    name: string;
    latitude: number;
    longitude: number;
  }>;
  allowed?: ImportedField[];
};

export const LISTING_CORPUS: CorpusListing[] = [
  // ---- WhatsApp messages from brokers ----
  {
    text: '🏡 *VENDO DEPTO EN ÑUÑOA* 🏡\n3D 2B, 1 estac., bodega\n📐 78 m2 útiles\n💰 UF 5.450\nG.C. $120.000\nInteresados al DM 📲',
    expect: {
      type: 'Departamento',
      comuna: 'Ñuñoa',
      rooms: 3,
      bathrooms: 2,
      parking_spaces: 1,
      storage_units: 1,
      building_sqmts: 78,
      price: 5450,
      price_unit: 'UF',
      common_expenses: 120_000,
      name: 'Departamento 3D 2B en Ñuñoa',
    },
  },
  {
    text: 'Hola! tengo este dpto en nunoa, 2d 1b, piso 7, 55 mts2, 4.200 UF conversable. gc 60 mil aprox',
    expect: {
      type: 'Departamento',
      comuna: 'Ñuñoa',
      rooms: 2,
      bathrooms: 1,
      floor: 7,
      building_sqmts: 55,
      price: 4200,
      price_unit: 'UF',
      common_expenses: 60_000,
      name: 'Departamento 2D 1B en Ñuñoa',
    },
  },
  {
    text: '🔥OPORTUNIDAD🔥 Casa pareada en Maipú\n*3 dorm. 2 baños*\nTerreno 220 m² / construidos 95 m2\n$189.000.000\nEscribir al privado',
    expect: {
      type: 'Casa',
      comuna: 'Maipú',
      rooms: 3,
      bathrooms: 2,
      land_sqmts: 220,
      building_sqmts: 95,
      price: 189_000_000,
      price_unit: 'CLP',
      name: 'Casa 3D 2B en Maipú',
    },
  },
  {
    text: 'Buenas tardes, les comparto parcela de agrado en Pirque 🌳 5.000 m2, con casa de 140 m2, 4 habitaciones 3 baños. UF 14.900 conversable',
    expect: {
      type: 'Parcela',
      comuna: 'Pirque',
      land_sqmts: 5000,
      building_sqmts: 140,
      rooms: 4,
      bathrooms: 3,
      price: 14_900,
      price_unit: 'UF',
      name: 'Parcela 4D 3B en Pirque',
    },
  },
  {
    text: 'DEPTO SANTIAGO CENTRO\n1D 1B\n35 m2\n$78 millones\nGGCC $45.000\nPiso 12, vista despejada',
    expect: {
      type: 'Departamento',
      comuna: 'Santiago',
      rooms: 1,
      bathrooms: 1,
      building_sqmts: 35,
      price: 78_000_000,
      price_unit: 'CLP',
      common_expenses: 45_000,
      floor: 12,
      name: 'Departamento 1D 1B en Santiago',
    },
  },
  {
    text: 'Se vende casa en La Florida ✅ 4D 3B 2E 🚗🚗 terreno 300 m2, casa 160 m2. UF 9.800 (aprox $390 millones). Llamar 9 8765 4321',
    expect: {
      type: 'Casa',
      comuna: 'La Florida',
      rooms: 4,
      bathrooms: 3,
      parking_spaces: 2,
      land_sqmts: 300,
      building_sqmts: 160,
      price: 9800,
      price_unit: 'UF',
      name: 'Casa 4D 3B en La Florida',
    },
  },
  {
    text: 'Dpto Providencia, 2 dormitorios, 2 baños, estacionamiento y bodega. 68 m2 útiles + terraza 9 m2. UF 6.350. Gastos comunes $150.000',
    expect: {
      type: 'Departamento',
      comuna: 'Providencia',
      rooms: 2,
      bathrooms: 2,
      parking_spaces: 1,
      storage_units: 1,
      building_sqmts: 68,
      price: 6350,
      price_unit: 'UF',
      common_expenses: 150_000,
      name: 'Departamento 2D 2B en Providencia',
    },
  },
  {
    text: '*Local comercial* en Estación Central, 120 m2, a pasos del metro. $250.000.000. Consultas por acá 👍',
    expect: {
      type: 'Local comercial',
      comuna: 'Estación Central',
      building_sqmts: 120,
      price: 250_000_000,
      price_unit: 'CLP',
      name: 'Local comercial en Estación Central',
    },
  },
  {
    text: 'vendo terreno en colina, 1.200 m2, plano, con factibilidad de luz y agua. 3.500 uf',
    expect: { type: 'Terreno', land_sqmts: 1200, price: 3500, price_unit: 'UF' },
    allowed: ['city_id', 'name'],
  },
  {
    text: 'Bodega industrial en Quilicura 🏭 800 m2 construidos, patio de maniobras, oficinas. UF 22.000 + IVA',
    expect: {
      type: 'Bodega',
      comuna: 'Quilicura',
      building_sqmts: 800,
      price: 22_000,
      price_unit: 'UF',
      name: 'Bodega en Quilicura',
    },
  },
  {
    text: 'Galpón en Lampa, 1.500 m² construidos sobre terreno de 5.000 m². Precio UF 38.000',
    expect: {
      type: 'Galpón',
      comuna: 'Lampa',
      building_sqmts: 1500,
      land_sqmts: 5000,
      price: 38_000,
      price_unit: 'UF',
      name: 'Galpón en Lampa',
    },
  },
  {
    text: 'Oficina en Las Condes 📍 Av. Apoquindo 4500, piso 14. 85,5 m2, 2 estacionamientos. UF 7.900. GC $210.000',
    expect: {
      type: 'Oficina',
      comuna: 'Las Condes',
      address: 'Av. Apoquindo 4500',
      floor: 14,
      building_sqmts: 85.5,
      parking_spaces: 2,
      price: 7900,
      price_unit: 'UF',
      common_expenses: 210_000,
      name: 'Oficina en Las Condes',
    },
  },
  {
    text: 'Hola equipo 👋 casa en Puente Alto, 3 dormitorios 1 baño, 70 m2 const., terreno 150 m2. $95 millones. No acepta crédito hipotecario',
    expect: {
      type: 'Casa',
      comuna: 'Puente Alto',
      rooms: 3,
      bathrooms: 1,
      building_sqmts: 70,
      land_sqmts: 150,
      price: 95_000_000,
      price_unit: 'CLP',
      name: 'Casa 3D 1B en Puente Alto',
    },
  },
  {
    text: 'DEPTO 3D2B SAN MIGUEL. 72 M2. 1 ESTAC. 1 BODEGA. UF 4.890. GC 95 MIL. PISO 5',
    expect: {
      type: 'Departamento',
      comuna: 'San Miguel',
      rooms: 3,
      bathrooms: 2,
      building_sqmts: 72,
      parking_spaces: 1,
      storage_units: 1,
      price: 4890,
      price_unit: 'UF',
      common_expenses: 95_000,
      floor: 5,
      name: 'Departamento 3D 2B en San Miguel',
    },
  },
  {
    text: 'Parcela en Talagante 🐴 1 hectárea, casa de 200 m2 con 5 habitaciones y 4 baños, piscina. $420.000.000',
    expect: {
      type: 'Parcela',
      comuna: 'Talagante',
      land_sqmts: 10_000,
      building_sqmts: 200,
      rooms: 5,
      bathrooms: 4,
      price: 420_000_000,
      price_unit: 'CLP',
      name: 'Parcela 5D 4B en Talagante',
    },
  },
  {
    text: 'depa en viña, 2d2b, vista al mar 🌊 piso 18, 64 mts, 1 estac + bodega, 6.100 UF',
    expect: {
      type: 'Departamento',
      comuna: 'Viña del Mar',
      rooms: 2,
      bathrooms: 2,
      floor: 18,
      building_sqmts: 64,
      parking_spaces: 1,
      storage_units: 1,
      price: 6100,
      price_unit: 'UF',
      name: 'Departamento 2D 2B en Viña del Mar',
    },
  },
  {
    text: 'Casa en Vitacura, 5D 4B, 320 m2 construidos, 900 m2 de terreno, 3 estacionamientos. UF 32.500',
    expect: {
      type: 'Casa',
      comuna: 'Vitacura',
      rooms: 5,
      bathrooms: 4,
      building_sqmts: 320,
      land_sqmts: 900,
      parking_spaces: 3,
      price: 32_500,
      price_unit: 'UF',
      name: 'Casa 5D 4B en Vitacura',
    },
  },
  {
    text: 'Te paso uno bueno: depto Macul, 3 dorm 2 baños, 70m2, $135.000.000, gastos comunes 80 mil',
    expect: {
      type: 'Departamento',
      comuna: 'Macul',
      rooms: 3,
      bathrooms: 2,
      building_sqmts: 70,
      price: 135_000_000,
      price_unit: 'CLP',
      common_expenses: 80_000,
      name: 'Departamento 3D 2B en Macul',
    },
  },
  {
    text: 'Sitio en Concepción, 450 m2, esquina, zona mixta. 4.100 UF',
    expect: {
      type: 'Terreno',
      comuna: 'Concepción',
      land_sqmts: 450,
      price: 4100,
      price_unit: 'UF',
      name: 'Terreno en Concepción',
    },
  },
  {
    text: 'Dpto en Independencia 🏢 2D 1B sin estacionamiento, piso 3, 48 m2 útiles. $82 millones. GC $55.000',
    expect: {
      type: 'Departamento',
      comuna: 'Independencia',
      rooms: 2,
      bathrooms: 1,
      parking_spaces: 0,
      floor: 3,
      building_sqmts: 48,
      price: 82_000_000,
      price_unit: 'CLP',
      common_expenses: 55_000,
      name: 'Departamento 2D 1B en Independencia',
    },
  },
  // ---- portal-style descriptions ----
  {
    text: 'Se vende amplio departamento en La Reina, a pasos de Av. Larraín. Cuenta con 3 dormitorios, 2 baños (uno en suite), cocina equipada, logia y terraza. Superficie útil 92 m2, terraza 11 m2. Incluye 1 estacionamiento y 1 bodega. Gastos comunes aprox. $140.000. Precio: UF 8.200.',
    expect: {
      type: 'Departamento',
      comuna: 'La Reina',
      rooms: 3,
      bathrooms: 2,
      building_sqmts: 92,
      parking_spaces: 1,
      storage_units: 1,
      common_expenses: 140_000,
      price: 8200,
      price_unit: 'UF',
      name: 'Departamento 3D 2B en La Reina',
    },
  },
  {
    text: 'Hermosa casa en condominio, comuna de Peñalolén. 4 habitaciones, 3 baños, 180 m2 construidos en un terreno de 400 m2. Quincho, piscina y 2 estacionamientos. Valor: 13.500 UF.',
    expect: {
      type: 'Casa',
      comuna: 'Peñalolén',
      rooms: 4,
      bathrooms: 3,
      building_sqmts: 180,
      land_sqmts: 400,
      parking_spaces: 2,
      price: 13_500,
      price_unit: 'UF',
      name: 'Casa 4D 3B en Peñalolén',
    },
  },
  {
    text: 'Departamento en venta en Santiago. Ubicado en Calle San Diego 1250, depto 804. 1 dormitorio, 1 baño, 32 m2. Ideal inversionistas, actualmente arrendado en $330.000. Precio $69.900.000.',
    expect: {
      type: 'Departamento',
      comuna: 'Santiago',
      address: 'Calle San Diego 1250, depto 804',
      rooms: 1,
      bathrooms: 1,
      building_sqmts: 32,
      price: 69_900_000,
      price_unit: 'CLP',
      name: 'Departamento 1D 1B en Santiago',
    },
  },
  {
    text: 'Oficina habilitada en Providencia, 3 privados, sala de reuniones, 2 baños. 110 m2. Piso 9. Dos estacionamientos. Precio UF 9.300. Gastos comunes $260.000.',
    expect: {
      type: 'Oficina',
      comuna: 'Providencia',
      bathrooms: 2,
      building_sqmts: 110,
      floor: 9,
      parking_spaces: 2,
      price: 9300,
      price_unit: 'UF',
      common_expenses: 260_000,
      name: 'Oficina 2B en Providencia',
    },
  },
  {
    text: 'Casa de un piso en Quilpué, sector tranquilo. Tres dormitorios, dos baños, 110 m2 edificados, terreno de 350 m2. $165.000.000.',
    expect: {
      type: 'Casa',
      comuna: 'Quilpué',
      rooms: 3,
      bathrooms: 2,
      building_sqmts: 110,
      land_sqmts: 350,
      price: 165_000_000,
      price_unit: 'CLP',
      name: 'Casa 3D 2B en Quilpué',
    },
  },
  {
    text: 'Parcela de agrado en Olmué con vista a La Campana. Superficie 5.000 m², árboles frutales, pozo profundo, sin construcciones. Precio: 2.900 UF.',
    expect: {
      type: 'Parcela',
      comuna: 'Olmué',
      land_sqmts: 5000,
      price: 2900,
      price_unit: 'UF',
      name: 'Parcela en Olmué',
    },
  },
  {
    text: 'Local comercial en esquina, Ñuñoa, Av. Irarrázaval 3120. 60 m2 más 20 m2 de bodega. Precio UF 7.100.',
    expect: {
      type: 'Local comercial',
      comuna: 'Ñuñoa',
      address: 'Av. Irarrázaval 3120',
      building_sqmts: 60,
      price: 7100,
      price_unit: 'UF',
      name: 'Local comercial en Ñuñoa',
    },
    allowed: ['storage_units'],
  },
  {
    text: 'Departamento en Temuco, sector Av. Alemania. 3 dormitorios, 2 baños, 85 m2, piso 6, estacionamiento. UF 4.650. GGCC 90.000.',
    expect: {
      type: 'Departamento',
      comuna: 'Temuco',
      rooms: 3,
      bathrooms: 2,
      building_sqmts: 85,
      floor: 6,
      parking_spaces: 1,
      price: 4650,
      price_unit: 'UF',
      common_expenses: 90_000,
      name: 'Departamento 3D 2B en Temuco',
    },
  },
  {
    text: 'Venta de galpón industrial en San Bernardo: 2.400 m2 construidos, terreno de 6.000 m2, oficinas y baños de personal. Valor $1.250 millones.',
    expect: {
      type: 'Galpón',
      comuna: 'San Bernardo',
      building_sqmts: 2400,
      land_sqmts: 6000,
      price: 1_250_000_000,
      price_unit: 'CLP',
      name: 'Galpón en San Bernardo',
    },
  },
  {
    text: 'Casa en Puerto Varas con vista al lago. 4 dormitorios, 3 baños, 210 m2 construidos, terreno 1.000 m2, 2 estacionamientos y bodega. UF 17.800.',
    expect: {
      type: 'Casa',
      comuna: 'Puerto Varas',
      rooms: 4,
      bathrooms: 3,
      building_sqmts: 210,
      land_sqmts: 1000,
      parking_spaces: 2,
      storage_units: 1,
      price: 17_800,
      price_unit: 'UF',
      name: 'Casa 4D 3B en Puerto Varas',
    },
  },
  {
    text: 'Departamento en Antofagasta, frente al mar. 2 dormitorios, 2 baños, 66 m2 útiles, piso 11. Estacionamiento y bodega. Gastos comunes $110.000. Precio $158.000.000.',
    expect: {
      type: 'Departamento',
      comuna: 'Antofagasta',
      rooms: 2,
      bathrooms: 2,
      building_sqmts: 66,
      floor: 11,
      parking_spaces: 1,
      storage_units: 1,
      common_expenses: 110_000,
      price: 158_000_000,
      price_unit: 'CLP',
      name: 'Departamento 2D 2B en Antofagasta',
    },
  },
  {
    text: 'Lote en Chicureo, Colina. Terreno de 2.500 m² en condominio con seguridad. 5.900 UF. Contribuciones $320.000 anuales.',
    expect: {
      type: 'Terreno',
      comuna: 'Colina',
      land_sqmts: 2500,
      price: 5900,
      price_unit: 'UF',
      name: 'Terreno en Colina',
    },
  },
  // ---- terse notes ----
  {
    text: 'depto lo barnechea 4d3b 140m2 uf 15500',
    expect: {
      type: 'Departamento',
      comuna: 'Lo Barnechea',
      rooms: 4,
      bathrooms: 3,
      building_sqmts: 140,
      price: 15_500,
      price_unit: 'UF',
      name: 'Departamento 4D 3B en Lo Barnechea',
    },
  },
  {
    text: 'casa huechuraba 3d 2b 120 m2 terreno 250 m2 uf 8.900',
    expect: {
      type: 'Casa',
      comuna: 'Huechuraba',
      rooms: 3,
      bathrooms: 2,
      building_sqmts: 120,
      land_sqmts: 250,
      price: 8900,
      price_unit: 'UF',
      name: 'Casa 3D 2B en Huechuraba',
    },
  },
  {
    text: 'Dpto. Recoleta 2D1B 45m2 $72MM gc 50 mil',
    expect: {
      type: 'Departamento',
      comuna: 'Recoleta',
      rooms: 2,
      bathrooms: 1,
      building_sqmts: 45,
      price: 72_000_000,
      price_unit: 'CLP',
      common_expenses: 50_000,
      name: 'Departamento 2D 1B en Recoleta',
    },
  },
  {
    text: 'Oficina Santiago centro 40 mts2 uf 2.300',
    expect: {
      type: 'Oficina',
      comuna: 'Santiago',
      building_sqmts: 40,
      price: 2300,
      price_unit: 'UF',
      name: 'Oficina en Santiago',
    },
  },
  {
    text: 'terreno 600 m2 rancagua $60.000.000',
    expect: {
      type: 'Terreno',
      comuna: 'Rancagua',
      land_sqmts: 600,
      price: 60_000_000,
      price_unit: 'CLP',
      name: 'Terreno en Rancagua',
    },
  },
  {
    text: 'Casa Chillán 3D 2B 1E, 90 m2, terreno 200 m2, $110 millones',
    expect: {
      type: 'Casa',
      comuna: 'Chillán',
      rooms: 3,
      bathrooms: 2,
      parking_spaces: 1,
      building_sqmts: 90,
      land_sqmts: 200,
      price: 110_000_000,
      price_unit: 'CLP',
      name: 'Casa 3D 2B en Chillán',
    },
  },
  {
    text: 'dpto cerrillos 3 dorm 1 baño 58m2 piso 2. precio a conversar',
    expect: {
      type: 'Departamento',
      comuna: 'Cerrillos',
      rooms: 3,
      bathrooms: 1,
      building_sqmts: 58,
      floor: 2,
      name: 'Departamento 3D 1B en Cerrillos',
    },
  },
  {
    text: 'Local Providencia 35 m2 UF 3.950',
    expect: {
      type: 'Local comercial',
      comuna: 'Providencia',
      building_sqmts: 35,
      price: 3950,
      price_unit: 'UF',
      name: 'Local comercial en Providencia',
    },
  },
  {
    text: 'PARCELA CALERA DE TANGO 5000 MTS2 UF 6.800',
    expect: {
      type: 'Parcela',
      comuna: 'Calera de Tango',
      land_sqmts: 5000,
      price: 6800,
      price_unit: 'UF',
      name: 'Parcela en Calera de Tango',
    },
  },
  {
    text: 'Depto Estación Central 1D 1B 30 m2. Dividendo aprox $250.000. Precio 2.150 UF',
    expect: {
      type: 'Departamento',
      comuna: 'Estación Central',
      rooms: 1,
      bathrooms: 1,
      building_sqmts: 30,
      price: 2150,
      price_unit: 'UF',
      name: 'Departamento 1D 1B en Estación Central',
    },
  },
  {
    text: 'Casa en Valdivia, 4 hab., 2 baños, 130 m2, terreno 500 m2. Avalúo fiscal $70.000.000. Precio $185 millones',
    expect: {
      type: 'Casa',
      comuna: 'Valdivia',
      rooms: 4,
      bathrooms: 2,
      building_sqmts: 130,
      land_sqmts: 500,
      price: 185_000_000,
      price_unit: 'CLP',
      name: 'Casa 4D 2B en Valdivia',
    },
  },
  {
    text: 'Hola! Depto en La Serena, Av. del Mar 3400, 3D 2B, 80 m2, estac, 5.200 UF. GC 100 mil 🙌',
    expect: {
      type: 'Departamento',
      comuna: 'La Serena',
      address: 'Av. del Mar 3400',
      rooms: 3,
      bathrooms: 2,
      building_sqmts: 80,
      parking_spaces: 1,
      price: 5200,
      price_unit: 'UF',
      common_expenses: 100_000,
      name: 'Departamento 3D 2B en La Serena',
    },
  },
  {
    text: 'Arriendo no, solo venta 😅: casa en San Pedro de la Paz, 3 dormitorios, 2 baños, 100 m2, terreno 220 m², UF 5.600',
    expect: {
      type: 'Casa',
      comuna: 'San Pedro de la Paz',
      rooms: 3,
      bathrooms: 2,
      building_sqmts: 100,
      land_sqmts: 220,
      price: 5600,
      price_unit: 'UF',
      name: 'Casa 3D 2B en San Pedro de la Paz',
    },
  },
  // ---- written after the reader, and measured before any change to it (ADR 036) ----
  {
    text: 'Buenas! Les dejo este depto en Ñuñoa, calle Suecia 2150, 2 dorm 2 baños, 62 m2 útiles, piso 4. Tiene estacionamiento y bodega 👌 GGCC aprox 110 mil. Precio UF 5.790',
    expect: {
      type: 'Departamento',
      comuna: 'Ñuñoa',
      address: 'calle Suecia 2150',
      rooms: 2,
      bathrooms: 2,
      building_sqmts: 62,
      floor: 4,
      parking_spaces: 1,
      storage_units: 1,
      common_expenses: 110_000,
      price: 5790,
      price_unit: 'UF',
      name: 'Departamento 2D 2B en Ñuñoa',
    },
  },
  {
    text: '*CASA EN BUIN*\n👉 3 habitaciones\n👉 2 baños\n👉 Terreno 180 m2\n👉 Construcción 85 m2\n👉 Valor: $115.000.000\nAcepta subsidio',
    expect: {
      type: 'Casa',
      comuna: 'Buin',
      rooms: 3,
      bathrooms: 2,
      land_sqmts: 180,
      building_sqmts: 85,
      price: 115_000_000,
      price_unit: 'CLP',
      name: 'Casa 3D 2B en Buin',
    },
  },
  {
    text: 'Departamento en Concón con vista al mar, 3 dormitorios en suite, 3 baños, 120 m2 más terraza de 25 m2, 2 estacionamientos, bodega. UF 12.400. Gastos comunes $230.000.',
    expect: {
      type: 'Departamento',
      comuna: 'Concón',
      rooms: 3,
      bathrooms: 3,
      building_sqmts: 120,
      parking_spaces: 2,
      storage_units: 1,
      price: 12_400,
      price_unit: 'UF',
      common_expenses: 230_000,
      name: 'Departamento 3D 3B en Concón',
    },
  },
  {
    text: 'Se vende oficina en Santiago Centro, Huérfanos con Bandera. 52 m2, 2 privados, baño. Piso 8. $98.000.000. GC $75.000',
    expect: {
      type: 'Oficina',
      comuna: 'Santiago',
      building_sqmts: 52,
      floor: 8,
      price: 98_000_000,
      price_unit: 'CLP',
      common_expenses: 75_000,
      name: 'Oficina en Santiago',
    },
    allowed: ['bathrooms'],
  },
  {
    text: 'parcela 5000m2 en curacaví con casa 3d 2b, pozo y luz. 4.300 uf conversable',
    expect: {
      type: 'Parcela',
      comuna: 'Curacaví',
      land_sqmts: 5000,
      rooms: 3,
      bathrooms: 2,
      price: 4300,
      price_unit: 'UF',
      name: 'Parcela 3D 2B en Curacaví',
    },
  },
  {
    text: 'Local comercial Maipú, Av. Pajaritos 2340, 85 m2, baño, vitrina a la calle. UF 5.100. Contribuciones $180.000 trimestrales',
    expect: {
      type: 'Local comercial',
      comuna: 'Maipú',
      address: 'Av. Pajaritos 2340',
      building_sqmts: 85,
      price: 5100,
      price_unit: 'UF',
      name: 'Local comercial en Maipú',
    },
    allowed: ['bathrooms'],
  },
  {
    text: 'DEPTO LA CISTERNA 2D 2B 1 ESTAC 1 BOD 55 M2 PISO 10 UF 3.650 GC 70.000',
    expect: {
      type: 'Departamento',
      comuna: 'La Cisterna',
      rooms: 2,
      bathrooms: 2,
      parking_spaces: 1,
      storage_units: 1,
      building_sqmts: 55,
      floor: 10,
      price: 3650,
      price_unit: 'UF',
      common_expenses: 70_000,
      name: 'Departamento 2D 2B en La Cisterna',
    },
  },
  {
    text: 'Terreno en Puerto Montt, sector Pelluco, 1.000 m2 con vista al seno de Reloncaví. $140 millones',
    expect: {
      type: 'Terreno',
      comuna: 'Puerto Montt',
      land_sqmts: 1000,
      price: 140_000_000,
      price_unit: 'CLP',
      name: 'Terreno en Puerto Montt',
    },
  },
  {
    text: 'Casa en Ñuñoa remodelada 🛠️ 4D 3B, 170 m2 const. / 260 m2 terreno, 2 estacionamientos. Precio UF 16.200 (aprox. $640 millones). GGCC no tiene.',
    expect: {
      type: 'Casa',
      comuna: 'Ñuñoa',
      rooms: 4,
      bathrooms: 3,
      building_sqmts: 170,
      land_sqmts: 260,
      parking_spaces: 2,
      price: 16_200,
      price_unit: 'UF',
      name: 'Casa 4D 3B en Ñuñoa',
    },
  },
  {
    text: 'dpto santiago 1d1b 28m2 ideal inversion, arrendado en 300 mil, precio 2.050 UF',
    expect: {
      type: 'Departamento',
      comuna: 'Santiago',
      rooms: 1,
      bathrooms: 1,
      building_sqmts: 28,
      price: 2050,
      price_unit: 'UF',
      name: 'Departamento 1D 1B en Santiago',
    },
  },
  {
    text: 'Galpón en Pudahuel, 600 m² con oficinas, altura 8 m, terreno 1.200 m². UF 19.500 + IVA',
    expect: {
      type: 'Galpón',
      comuna: 'Pudahuel',
      building_sqmts: 600,
      land_sqmts: 1200,
      price: 19_500,
      price_unit: 'UF',
      name: 'Galpón en Pudahuel',
    },
  },
  {
    text: 'Hermoso departamento en Viña del Mar, sector Recreo. 2 habitaciones, 1 baño, 50 m², piso 3, sin estacionamiento. Precio de venta: $105.000.000. Gastos comunes: $60.000',
    expect: {
      type: 'Departamento',
      comuna: 'Viña del Mar',
      rooms: 2,
      bathrooms: 1,
      building_sqmts: 50,
      floor: 3,
      parking_spaces: 0,
      price: 105_000_000,
      price_unit: 'CLP',
      common_expenses: 60_000,
      name: 'Departamento 2D 1B en Viña del Mar',
    },
  },

  // ---- Listing pages, read as the link import reads a fetched page (listing-proposal.ts) ----
  // Made up for this corpus in the shapes portals and brokers' sites publish: schema.org JSON-LD
  // (one block, two blocks, an @graph), OpenGraph only, facts only in the visible text, and a
  // price stated twice. The hosts are example.cl names; nothing here is copied from a site.
  {
    url: 'https://corredora-andes.example.cl/propiedades/depto-providencia-1204',
    html: `<!doctype html><html lang="es"><head><meta charset="utf-8">
<title>Departamento en venta en Providencia | Corredora Andes</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Apartment",
"name":"Departamento luminoso a pasos de metro Los Leones",
"numberOfRooms":3,"numberOfBathroomsTotal":2,
"floorSize":{"@type":"QuantitativeValue","value":84,"unitCode":"MTK"},
"address":{"@type":"PostalAddress","streetAddress":"Av. Nueva Providencia 2180, depto 1204","addressLocality":"Providencia","addressRegion":"Región Metropolitana","addressCountry":"CL"},
"geo":{"@type":"GeoCoordinates","latitude":-33.4221,"longitude":-70.6093},
"image":["https://corredora-andes.example.cl/fotos/1204-1.jpg"],
"offers":{"@type":"Offer","price":"6950","priceCurrency":"CLF"}}</script>
</head><body><header><nav>Inicio · Venta · Arriendo</nav></header>
<main><h1>Departamento luminoso a pasos de metro Los Leones</h1>
<p>Departamento en venta en Providencia, piso 12, orientación norte. Living comedor con salida a terraza, cocina equipada.</p>
<ul><li>3 dormitorios</li><li>2 baños</li><li>1 estacionamiento</li><li>1 bodega</li></ul>
<p>Gastos comunes: $145.000</p></main>
<footer>Corredora Andes · Todos los derechos reservados</footer></body></html>`,
    expect: {
      type: 'Departamento',
      comuna: 'Providencia',
      price: 6950,
      price_unit: 'UF',
      rooms: 3,
      bathrooms: 2,
      parking_spaces: 1,
      storage_units: 1,
      common_expenses: 145_000,
      floor: 12,
      building_sqmts: 84,
      address: 'Av. Nueva Providencia 2180, depto 1204',
      latitude: -33.4221,
      longitude: -70.6093,
      name: 'Departamento luminoso a pasos de metro Los Leones',
    },
  },
  {
    url: 'https://casas-del-sur.example.cl/aviso/la-reina-4d',
    html: `<!doctype html><html><head><meta charset="utf-8">
<title>Casas del Sur</title>
<meta property="og:title" content="Casa en venta en La Reina, 4D 3B">
<meta property="og:description" content="Casa en La Reina, 4 dormitorios y 3 baños, 180 m2 construidos en terreno de 420 m2, 2 estacionamientos. UF 14.500">
<meta property="og:image" content="https://casas-del-sur.example.cl/img/reina-4d.jpg">
<meta name="description" content="Casa en La Reina, 4 dormitorios y 3 baños, 180 m2 construidos en terreno de 420 m2, 2 estacionamientos. UF 14.500">
</head><body><div id="app"></div><noscript>Activa JavaScript para ver esta página.</noscript></body></html>`,
    expect: {
      type: 'Casa',
      comuna: 'La Reina',
      price: 14_500,
      price_unit: 'UF',
      rooms: 4,
      bathrooms: 3,
      parking_spaces: 2,
      building_sqmts: 180,
      land_sqmts: 420,
      name: 'Casa 4D 3B en La Reina',
    },
  },
  {
    url: 'https://www.propiedades-costa.example.cl/ficha?id=5521',
    html: `<!doctype html><html><head><meta charset="utf-8"><title>Ficha 5521</title></head>
<body><h1>Departamento en Viña del Mar</h1>
<p>Sector Jardín del Mar, vista despejada al mar.</p>
<table>
<tr><th>Precio</th><td>$128.000.000</td></tr>
<tr><th>Dormitorios</th><td>2</td></tr>
<tr><th>Baños</th><td>2</td></tr>
<tr><th>Superficie útil</th><td>64 m²</td></tr>
<tr><th>Estacionamientos</th><td>1</td></tr>
<tr><th>Gastos comunes</th><td>$95.000</td></tr>
</table>
<p>Contacto: ventas@propiedades-costa.example.cl</p></body></html>`,
    expect: {
      type: 'Departamento',
      comuna: 'Viña del Mar',
      price: 128_000_000,
      price_unit: 'CLP',
      rooms: 2,
      bathrooms: 2,
      building_sqmts: 64,
      parking_spaces: 1,
      common_expenses: 95_000,
      name: 'Departamento 2D 2B en Viña del Mar',
    },
  },
  {
    url: 'https://inmobiliaria-puerto.example.cl/venta/casa-puerto-varas',
    html: `<!doctype html><html><head><meta charset="utf-8">
<title>Casa en Puerto Varas - Inmobiliaria Puerto</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"RealEstateAgent",
"name":"Inmobiliaria Puerto","logo":"https://inmobiliaria-puerto.example.cl/logo.png",
"address":{"@type":"PostalAddress","streetAddress":"San José 415, oficina 3","addressLocality":"Puerto Montt"},
"geo":{"@type":"GeoCoordinates","latitude":-41.4689,"longitude":-72.9411}}</script>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"SingleFamilyResidence",
"name":"Casa con vista al lago en Puerto Varas","numberOfRooms":"4","numberOfBathroomsTotal":"3",
"floorSize":{"@type":"QuantitativeValue","value":"210","unitText":"m2"},
"lotSize":{"@type":"QuantitativeValue","value":1500,"unitCode":"MTK"},
"address":{"@type":"PostalAddress","streetAddress":"Camino a Ensenada km 4","addressLocality":"Puerto Varas"},
"geo":{"@type":"GeoCoordinates","latitude":"-41.3002","longitude":"-72.9405"},
"offers":{"@type":"Offer","price":"420000000","priceCurrency":"CLP"}}</script>
</head><body><h1>Casa con vista al lago</h1>
<p>Casa de madera nativa en Puerto Varas, calefacción a leña y losa radiante, quincho.</p></body></html>`,
    expect: {
      type: 'Casa',
      comuna: 'Puerto Varas',
      price: 420_000_000,
      price_unit: 'CLP',
      rooms: 4,
      bathrooms: 3,
      building_sqmts: 210,
      land_sqmts: 1500,
      address: 'Camino a Ensenada km 4',
      latitude: -41.3002,
      longitude: -72.9405,
      name: 'Casa con vista al lago en Puerto Varas',
    },
  },
  {
    url: 'https://grupo-nunoa.example.cl/p/777',
    html: `<!doctype html><html><head><meta charset="utf-8"><title>Depto Ñuñoa 2D</title>
<script type="application/ld+json">{"@context":"https://schema.org","@graph":[
{"@type":"WebSite","name":"Grupo Ñuñoa Propiedades","url":"https://grupo-nunoa.example.cl/"},
{"@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,"name":"Venta"},{"@type":"ListItem","position":2,"name":"Ñuñoa"}]},
{"@type":"Product","name":"Departamento 2D 2B en Ñuñoa, metro Irarrázaval",
"image":"/fotos/777/portada.webp",
"offers":{"@type":"Offer","price":4890,"priceCurrency":"CLF"},
"itemOffered":{"@type":"Apartment","numberOfBedrooms":2,"numberOfBathroomsTotal":2,
"floorSize":{"@type":"QuantitativeValue","value":"58.5","unitCode":"MTK"},
"address":{"@type":"PostalAddress","streetAddress":"Av. Irarrázaval 3350, depto 508","addressLocality":"Nunoa"}}}]}</script>
</head><body><main><h1>Departamento en Ñuñoa</h1>
<p>A dos cuadras del metro, piso 5, con bodega. GC aprox. $70.000.</p></main></body></html>`,
    expect: {
      type: 'Departamento',
      comuna: 'Ñuñoa',
      price: 4890,
      price_unit: 'UF',
      rooms: 2,
      bathrooms: 2,
      building_sqmts: 58.5,
      floor: 5,
      storage_units: 1,
      common_expenses: 70_000,
      address: 'Av. Irarrázaval 3350, depto 508',
      name: 'Departamento 2D 2B en Ñuñoa, metro Irarrázaval',
    },
  },
  {
    url: 'https://www.casas-valle.example.cl/avisos/chicureo-9',
    html: `<!doctype html><html><head><meta charset="utf-8"><title>Casa en Colina (Chicureo)</title>
<meta property="og:title" content="Casa en Chicureo">
<script type="application/ld+json">{"@context":"https://schema.org","@type":["Product","House"],
"name":"Casa mediterránea en Chicureo",
"address":{"@type":"PostalAddress","streetAddress":"Los Ingleses 1120","addressLocality":"Colina"},
"offers":[{"@type":"Offer","price":"11900","priceCurrency":"CLF"},{"@type":"Offer","price":"471700000","priceCurrency":"CLP"}]}</script>
</head><body><h1>Casa mediterránea en Chicureo</h1>
<p class="precio">UF 11.900</p>
<p>Casa en condominio, comuna de Colina. 5 dormitorios, 4 baños, 240 m² construidos, terreno 900 m².</p>
<p>Precio: UF 11.900 (aprox. $471.700.000). Estacionamiento para 3 autos.</p></body></html>`,
    expect: {
      type: 'Casa',
      comuna: 'Colina',
      price: 11_900,
      price_unit: 'UF',
      rooms: 5,
      bathrooms: 4,
      building_sqmts: 240,
      land_sqmts: 900,
      parking_spaces: 3,
      address: 'Los Ingleses 1120',
      name: 'Casa mediterránea en Chicureo',
    },
  },
];
