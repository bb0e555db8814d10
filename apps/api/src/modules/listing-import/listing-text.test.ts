import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ListingFields, matchComuna, readListingText } from './listing-text.js';
import { seedListingReference } from './seed-reference.js';

const read = (text: string) => readListingText(text, seedListingReference);
const typeId = (name: string) =>
  seedListingReference.propertyTypes.find((t) => t.name === name)?.id;
const comunaId = (name: string) => seedListingReference.comunas.find((c) => c.name === name)?.id;

describe('readListingText: counts', () => {
  it("reads the portals' shorthand, with the words it came from", () => {
    const { fields, sources } = read('Depto 3D 2B 1E en Ñuñoa');
    expect(fields).toMatchObject({ rooms: 3, bathrooms: 2, parking_spaces: 1 });
    expect(sources.rooms).toBe('3D 2B 1E');
  });

  it.each([
    ['3 dorm. 2 baños', { rooms: 3, bathrooms: 2 }],
    ['4 habitaciones, 3 baños', { rooms: 4, bathrooms: 3 }],
    ['tres dormitorios y dos baños', { rooms: 3, bathrooms: 2 }],
    ['Dormitorios: 2 / Baños: 1', { rooms: 2, bathrooms: 1 }],
    ['1 estac., bodega', { parking_spaces: 1, storage_units: 1 }],
    ['2 estacionamientos y 2 bodegas', { parking_spaces: 2, storage_units: 2 }],
    ['con estacionamiento', { parking_spaces: 1 }],
    ['sin estacionamiento, sin bodega', { parking_spaces: 0, storage_units: 0 }],
    // A page's list of features, one per line: each count is its own line's.
    ['Dormitorios: 3\nBaños: 2', { rooms: 3, bathrooms: 2 }],
    ['Dormitorios\n3\nBaños: 2', { bathrooms: 2 }],
    ['Estacionamiento para 3 autos', { parking_spaces: 3 }],
    ['estacionamiento techado para dos vehículos', { parking_spaces: 2 }],
  ])('reads %j', (text, expected) => {
    expect(read(text).fields).toMatchObject(expected);
  });

  it('does not read a count from the line above its word', () => {
    expect(read('Dormitorios\n3\nBaños\n2').fields.bathrooms).toBeUndefined();
  });

  it("does not count the building's visitor parking or a guest bathroom as the unit's", () => {
    const { fields } = read('2 baños más baño de visitas, estacionamiento de visitas');
    expect(fields.bathrooms).toBe(2);
    expect(fields.parking_spaces).toBeUndefined();
  });
});

describe('readListingText: prices', () => {
  it.each([
    ['UF 5.450', 5450, 'UF', 'UF 5.450'],
    ['5.450 UF', 5450, 'UF', '5.450 UF'],
    ['14.900 UF conversable', 14_900, 'UF', '14.900 UF'],
    ['$189.000.000', 189_000_000, 'CLP', '$189.000.000'],
    ['$78 millones', 78_000_000, 'CLP', '$78 millones'],
    ['$72MM', 72_000_000, 'CLP', '$72MM'],
    ['Valor $1.250 millones', 1_250_000_000, 'CLP', '$1.250 millones'],
    ['precio 6.350,5 UF', 6350.5, 'UF', '6.350,5 UF'],
  ])('reads %j', (text, price, unit, source) => {
    const { fields, sources } = read(text);
    expect(fields).toMatchObject({ price, price_unit: unit });
    expect(sources.price).toBe(source);
  });

  it('keeps the primary price when it is quoted twice', () => {
    const { fields } = read('Casa UF 9.800 (aprox $390 millones)');
    expect(fields).toMatchObject({ price: 9800, price_unit: 'UF' });
  });

  it.each([
    ['contributions', 'Contribuciones $320.000. UF 5.900', 5900],
    ['a rent', 'arrendado en $330.000. Precio $69.900.000', 69_900_000],
    ['a mortgage payment', 'Dividendo aprox $250.000. Precio 2.150 UF', 2150],
    ['the tax valuation', 'Avalúo fiscal $70.000.000. Precio $185 millones', 185_000_000],
    ['a price per m²', 'A 45 UF/m2, total UF 3.600', 3600],
    ['gastos comunes on the line above', 'GC $120.000\nUF 5.450', 5450],
    ['the old price', 'Rebajado de UF 6.000 a UF 5.450', 5450],
    ['the down payment', 'Casa, pie 20% ($30 millones), precio total $150 millones', 150_000_000],
  ])('does not take %s for the price', (_what, text, price) => {
    expect(read(text).fields.price).toBe(price);
  });

  it("leaves out a project's lowest price and its range of dormitorios", () => {
    const { fields } = read('Proyecto en San Miguel, deptos desde UF 2.890, 1 a 3 dormitorios');
    expect(fields.price).toBeUndefined();
    expect(fields.rooms).toBeUndefined();
  });

  it('leaves out a rent and a price in dollars', () => {
    expect(read('Arriendo casa $1.200.000 mensuales').fields.price).toBeUndefined();
    expect(read('Casa US$ 1.200.000').fields.price).toBeUndefined();
  });

  it('leaves the price out when there is none, or only one too small to be a price', () => {
    expect(read('Depto 2D 1B, precio a conversar').fields.price).toBeUndefined();
    expect(read('Depto $350.000 mensuales').fields.price).toBeUndefined();
  });
});

describe('readListingText: gastos comunes', () => {
  it.each([
    ['G.C. $120.000', 120_000],
    ['gc 60 mil', 60_000],
    ['GGCC $45.000', 45_000],
    ['Gastos comunes aprox. $140.000', 140_000],
    ['$85.000 de gastos comunes', 85_000],
  ])('reads %j', (text, value) => {
    expect(read(text).fields.common_expenses).toBe(value);
  });

  it('never takes the gastos comunes for the price', () => {
    const { fields } = read('GC $120.000\nUF 5.450');
    expect(fields).toMatchObject({ common_expenses: 120_000, price: 5450, price_unit: 'UF' });
  });

  it('leaves a bare "gc 60" out: pesos or thousands?', () => {
    expect(read('gc 60').fields.common_expenses).toBeUndefined();
  });
});

describe('readListingText: areas and floor', () => {
  it.each<[string, Partial<ListingFields>]>([
    ['78 m2 útiles', { building_sqmts: 78 }],
    ['terreno 220 m²', { land_sqmts: 220 }],
    ['Casa 90 mts2, 300 m2 de terreno', { building_sqmts: 90, land_sqmts: 300 }],
    ['85,5 m2', { building_sqmts: 85.5 }],
    ['Parcela 1 hectárea', { land_sqmts: 10_000 }],
    ['Parcela de 2,5 hectáreas', { land_sqmts: 25_000 }],
    ['Parcela de 5.000 m2', { land_sqmts: 5000 }],
    ['piso 12', { floor: 12 }],
    ['3er piso', { floor: 3 }],
  ])('reads %j', (text, expected) => {
    expect(read(text).fields).toMatchObject(expected);
  });

  // Each of these was wrong or missed in the listings written after the reader (ADR 036).
  it('leaves a fraction of a hectare out rather than misread it', () => {
    expect(read('Parcela 1/2 hectárea en Pucón').fields.land_sqmts).toBeUndefined();
    expect(read('Casa que desde 2019 ha sido remodelada').fields.land_sqmts).toBeUndefined();
  });

  it('reads a floor after an area, "1 BOD", and an area followed by another one', () => {
    expect(read('55 M2 PISO 10').fields).toMatchObject({ building_sqmts: 55, floor: 10 });
    expect(read('1 ESTAC 1 BOD').fields).toMatchObject({ parking_spaces: 1, storage_units: 1 });
    expect(read('120 m2 más terraza de 25 m2').fields.building_sqmts).toBe(120);
  });

  it("does not take a terrace for the built area, or a house's storeys for a floor", () => {
    const { fields } = read('Depto 68 m2 útiles + terraza 9 m2. Casa de dos pisos');
    expect(fields.building_sqmts).toBe(68);
    expect(fields.floor).toBeUndefined();
  });
});

describe('readListingText: type, comuna, address, name', () => {
  it.each([
    ['depto en Ñuñoa', 'Departamento'],
    ['Dpto. amplio', 'Departamento'],
    ['casa pareada', 'Casa'],
    ['parcela de agrado', 'Parcela'],
    ['Local en esquina', 'Local comercial'],
    ['Bodega industrial 800 m2', 'Bodega'],
    ['Vendo sitio esquina', 'Terreno'],
    ['Lote 2.500 m2', 'Terreno'],
    ['Oficina habilitada', 'Oficina'],
    ['Galpón 1.500 m2', 'Galpón'],
  ])('reads %j as %s', (text, type) => {
    expect(read(text).fields.property_type_id).toBe(typeId(type));
  });

  it('tells a storage unit from a warehouse by context', () => {
    const unit = read('Departamento 2D 2B con estacionamiento y bodega');
    expect(unit.fields).toMatchObject({
      property_type_id: typeId('Departamento'),
      storage_units: 1,
    });
    const warehouse = read('Bodega industrial en Quilicura, 800 m2');
    expect(warehouse.fields.property_type_id).toBe(typeId('Bodega'));
    expect(warehouse.fields.storage_units).toBeUndefined();
  });

  it("does not take a plot's area in a house listing for the type", () => {
    expect(read('Casa 3D 2B, terreno 220 m²').fields.property_type_id).toBe(typeId('Casa'));
  });

  it.each([
    ['en nunoa', 'Ñuñoa'],
    ['SANTIAGO CENTRO', 'Santiago'],
    ['en Estacion Central', 'Estación Central'],
    ['casa en San Pedro de la Paz', 'San Pedro de la Paz'],
    ['depa en viña', 'Viña del Mar'],
  ])('matches the comuna in %j, ignoring case and accents', (text, comuna) => {
    expect(read(text).fields.city_id).toBe(comunaId(comuna));
  });

  it('does not take a street or a plain word for the comuna', () => {
    expect(read('Oficina en Av. Providencia 1234, Santiago').fields.city_id).toBe(
      comunaId('Santiago'),
    );
    expect(read('casa en lo alto de una colina').fields.city_id).toBeUndefined();
    expect(read('Parcela en Quillota, Región de Valparaíso').fields.city_id).toBe(
      comunaId('Quillota'),
    );
    expect(read('Parcela, Región de Valparaíso').fields.city_id).toBeUndefined();
  });

  it('reads a street address with its number and unit', () => {
    expect(read('Ubicado en Calle San Diego 1250, depto 804.').fields.address).toBe(
      'Calle San Diego 1250, depto 804',
    );
  });

  it('proposes a name from the type, the shorthand and the comuna', () => {
    expect(read('depto nunoa 3 dorm 2 baños').fields.name).toBe('Departamento 3D 2B en Ñuñoa');
    expect(read('Local Providencia 35 m2').fields.name).toBe('Local comercial en Providencia');
    expect(read('3D 2B UF 5.000').fields.name).toBeUndefined();
  });

  it('reads WhatsApp style: emojis, *bold*, line breaks and capitals', () => {
    const { fields } = read('🏡 *VENDO DEPTO EN ÑUÑOA* 🏡\n*3D 2B*\n💰 UF 5.450 💰');
    expect(fields).toMatchObject({
      property_type_id: typeId('Departamento'),
      city_id: comunaId('Ñuñoa'),
      rooms: 3,
      bathrooms: 2,
      price: 5450,
      price_unit: 'UF',
    });
  });
});

describe('readListingText on any text', () => {
  // Listing-like pieces mixed with anything, so the patterns meet their edge cases.
  const piece = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.constantFrom(
      'UF',
      'uf ',
      '$',
      ' millones',
      ' mil',
      'GC ',
      'gc',
      '3D',
      '2B',
      ' dorm',
      ' baños',
      ' m2',
      ' terreno ',
      'piso ',
      ' estac',
      'bodega',
      'depto ',
      'casa ',
      'Ñuñoa',
      '🏡',
      '*',
      '\n',
      '0',
      '-1',
      '.',
      ',',
      '000',
      '9.999.999.999.999.999',
      '0,0',
      'Av. ',
      ' 1e309',
    ),
    fc.integer({ min: -1_000_000, max: 1_000_000_000 }).map(String),
  );
  const listing = fc.array(piece, { maxLength: 25 }).map((parts) => parts.join(''));

  it('never throws and never proposes a value out of range', () => {
    fc.assert(
      fc.property(listing, (text) => {
        const { fields, sources } = read(text);
        for (const [field, value] of Object.entries(fields)) {
          expect(sources[field as keyof ListingFields], field).toBeTypeOf('string');
          if (typeof value !== 'number') continue;
          expect(Number.isFinite(value), field).toBe(true);
          expect(value, field).toBeGreaterThanOrEqual(0);
        }
        if (fields.price !== undefined) expect(fields.price).toBeGreaterThan(0);
        if (fields.price_unit === 'CLP') expect(Number.isSafeInteger(fields.price)).toBe(true);
        if (fields.bathrooms !== undefined) expect(fields.bathrooms).toBeGreaterThanOrEqual(1);
        if (fields.floor !== undefined) expect(fields.floor).toBeGreaterThanOrEqual(1);
        if (fields.common_expenses !== undefined) expect(fields.common_expenses).toBeGreaterThan(0);
        for (const area of [fields.building_sqmts, fields.land_sqmts])
          if (area !== undefined) expect(area).toBeGreaterThan(0);
        if (fields.address !== undefined) expect(fields.address.length).toBeLessThanOrEqual(300);
      }),
      { seed: 32, numRuns: 400 },
    );
  });

  it('reads a very long text in bounded time', () => {
    const started = performance.now();
    read(`${'3D 2B UF 5.450 gc 60 mil 78 m2 '.repeat(2000)}${'a'.repeat(50_000)}`);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('matchComuna: a page’s addressLocality', () => {
  const comunas = seedListingReference.comunas;
  it.each([
    ['Ñuñoa', 'Ñuñoa'],
    ['nunoa', 'Ñuñoa'],
    ['Ñuñoa, Santiago', 'Ñuñoa'],
    ['LAS CONDES', 'Las Condes'],
    ['Viña', 'Viña del Mar'],
    ['Colina', 'Colina'],
  ])('reads %s as %s', (place, name) => {
    expect(matchComuna(place, comunas)?.id).toBe(comunaId(name));
  });

  it('names nothing for a place that is no comuna', () => {
    expect(matchComuna('Región Metropolitana', comunas)).toBeNull();
    expect(matchComuna('', comunas)).toBeNull();
    expect(matchComuna('Atlantis', comunas)).toBeNull();
  });
});
