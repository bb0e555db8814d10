import { type ImportedListingFields, MAX_AREA, MAX_PRICE_UF } from '@bec/contracts';
import { userTextPattern } from '../../lib/user-text-pattern.js';
import { readChileanNumber } from './chilean-number.js';

/**
 * Reads a listing as people write it in Chile (a broker's WhatsApp message, a portal's
 * description, a terse note) into the add form's fields, each with the words it was read from
 * (docs/decisions/036-reading-a-listing.md). Pure: the comunas and types come in as
 * reference data. What it is unsure of it leaves out: a wrong price is worse than none.
 */

/** What a text can say: the import's fields (`@bec/contracts`) but the coordinates. */
export type ListingFields = Required<Omit<ImportedListingFields, 'latitude' | 'longitude'>>;
type ListingField = keyof ListingFields;

export type ListingReference = {
  comunas: { id: number; name: string }[];
  propertyTypes: { id: number; name: string }[];
};

export type ListingReading = {
  fields: Partial<ListingFields>;
  /** Per field, the exact words of the text its value was read from. */
  sources: Partial<Record<ListingField, string>>;
};

/** Longer texts are cut: a listing is a few hundred words, and every pattern stays linear on it. */
const MAX_TEXT = 20_000;

/**
 * Lower case without accents, one code unit for one code unit, so an index in the folded text is
 * the same index in the original and a match's source is a slice of what the person wrote.
 */
function fold(text: string) {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charAt(i);
    const folded = unit.normalize('NFD').charAt(0).toLowerCase().charAt(0);
    out += folded.length === 1 ? folded : unit;
  }
  return out;
}

// A number as written: digits with thousands or decimal marks; readChileanNumber decides.
const NUM = String.raw`\d[\d.,]*\d|\d`;
const WORD_NUMBERS: Record<string, number> = {
  un: 1,
  uno: 1,
  una: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
};
const COUNT = String.raw`\d{1,2}|${Object.keys(WORD_NUMBERS).join('|')}`;
const count = (s: string | undefined) =>
  s === undefined ? null : (WORD_NUMBERS[s] ?? (/^\d+$/.test(s) ? Number(s) : null));

type Found = { value: number; start: number; end: number };

class Reader {
  readonly folded: string;
  readonly fields: Partial<ListingFields> = {};
  readonly sources: Partial<Record<ListingField, string>> = {};
  /** The type's words, so "Bodega industrial…" is not also read as one bodega. */
  typeSpan: [number, number] | null = null;
  constructor(readonly text: string) {
    this.folded = fold(text);
  }

  /** Every match of a pattern on the folded text (flags g and i added). */
  *all(pattern: string): Generator<RegExpExecArray> {
    const re = userTextPattern(pattern, 'gi');
    for (let m = re.exec(this.folded); m; m = re.exec(this.folded)) {
      yield m;
      if (m[0] === '') re.lastIndex++;
    }
  }

  words(start: number, end: number) {
    return this.text.slice(start, end).trim();
  }

  set<K extends ListingField>(field: K, value: ListingFields[K], start: number, end: number) {
    if (field in this.fields) return;
    this.fields[field] = value;
    this.sources[field] = this.words(start, end);
  }

  /**
   * The text just before an index, back to the start of its clause; `throughBrackets` reads on
   * past an opening bracket, so "pie 20% ($30 millones)" keeps its "pie".
   */
  before(index: number, size = 30, throughBrackets = false) {
    const from = Math.max(0, index - size);
    const piece = this.folded.slice(from, index);
    const marks = [',', ';', '\n', '|', '•', '. ', ...(throughBrackets ? [] : ['('])];
    const cut = Math.max(...marks.map((c) => piece.lastIndexOf(c)));
    return cut >= 0 ? piece.slice(cut + 1) : piece;
  }

  /** The text just after an index, up to the end of its clause. */
  after(index: number, size = 25) {
    const piece = this.folded.slice(index, index + size);
    const cut = piece.search(/[,;\n|•()]/);
    return cut >= 0 ? piece.slice(0, cut) : piece;
  }
}

const inRange = (value: number | null, min: number, max: number): value is number =>
  value !== null && Number.isInteger(value) && value >= min && value <= max;

// ---- counts: dormitorios, baños, estacionamientos, bodegas ----------------------------------

function readShorthand(r: Reader) {
  // "3D 2B", "3D2B", "3d/2b", "3D+2B 1E": the portals' shorthand.
  for (const m of r.all(
    String.raw`(?<![a-z0-9])(\d{1,2}) ?d ?[/+,-]? ?(\d{1,2}) ?b(?:\b|(?=\d))(?: ?[/+,-]? ?(\d) ?e(?![a-z]))?`,
  )) {
    const rooms = count(m[1]);
    const baths = count(m[2]);
    const end = m.index + m[0].length;
    if (inRange(rooms, 0, 50) && inRange(baths, 1, 30)) {
      r.set('rooms', rooms, m.index, end);
      r.set('bathrooms', baths, m.index, end);
      const parking = count(m[3]);
      if (inRange(parking, 0, 50)) r.set('parking_spaces', parking, m.index, end);
    }
  }
}

/** "3 dorm.", "dormitorios: 3", "tres habitaciones": the first reading of a count wins. */
function readCount(
  r: Reader,
  field: 'rooms' | 'bathrooms' | 'parking_spaces' | 'storage_units',
  words: string,
  min: number,
  max: number,
  notAfter?: string,
) {
  const guard = notAfter ? `(?!${notAfter})` : '';
  const patterns = [
    // Within a line: on a page's list ("Dormitorios: 3\nBaños: 2") the 3 is not the baños'.
    String.raw`(?<![a-z0-9.,])(${COUNT})[^\S\n]*(?:${words})${guard}`,
    String.raw`(?<![a-z])(?:${words})[^\S\n]*:[^\S\n]*(\d{1,2})(?![\d.,]*\s*(?:m2|m²|mts))`,
  ];
  const found: Found[] = [];
  for (const pattern of patterns)
    for (const m of r.all(pattern)) {
      // A range ("1 a 3 dormitorios", a project's units) is no one unit's count.
      if (
        /(?:(?<![a-z])(?:\d+|uno|una|dos|tres)\s+(?:a|y|o)\s+|\d\s*[-–]\s*)$/.test(
          r.folded.slice(Math.max(0, m.index - 8), m.index),
        )
      )
        continue;
      const value = count(m[1]?.toLowerCase());
      if (inRange(value, min, max))
        found.push({ value, start: m.index, end: m.index + m[0].length });
    }
  const first = found.sort((a, b) => a.start - b.start)[0];
  if (first) r.set(field, first.value, first.start, first.end);
}

const ROOM_WORDS = String.raw`dormitorios?(?![a-z])|dorms?\.?(?![a-z])|habitaciones?(?![a-z])|habs?\.?(?![a-z])|piezas?(?![a-z])|recamaras?(?![a-z])`;
const BATH_WORDS = String.raw`banos?(?![a-z])|bns?\.?(?![a-z])`;
const PARKING_WORDS = String.raw`estacionamientos?(?![a-z])|estac\.?(?![a-z])|estacs\.?(?![a-z])|est\.(?![a-z])`;

/** "Estacionamiento para 3 autos": the spaces a house's one parking holds. */
function readParkingFor(r: Reader) {
  if ('parking_spaces' in r.fields) return;
  const [m] = r.all(
    String.raw`(?<![a-z])(?:estacionamientos?|estac\.?)\s+(?:techados?\s+)?para\s+(${COUNT})\s+(?:autos?|vehiculos?|carros?)(?![a-z])`,
  );
  const value = count(m?.[1]);
  if (m && inRange(value, 1, 50)) r.set('parking_spaces', value, m.index, m.index + m[0].length);
}

/** A parking space or storage unit named without a count: "con estacionamiento", "sin bodega". */
function readMention(r: Reader, field: 'parking_spaces' | 'storage_units', word: string) {
  if (field in r.fields) return;
  for (const m of r.all(String.raw`(?<![a-z])(sin\s+)?${word}(?!s)(?![a-z])`)) {
    const start = m.index;
    const end = start + m[0].length;
    const next = r.after(end, 20);
    // "estacionamiento de visitas" and "bodega industrial" are not the property's own.
    if (/^\s*(?:de|para)\s+visitas?|^\s*(?:industrial|comercial|de acopio)/.test(next)) continue;
    if (field === 'storage_units' && r.typeSpan && start >= r.typeSpan[0] && start < r.typeSpan[1])
      continue;
    r.set(field, m[1] ? 0 : 1, start, end);
    return;
  }
}

// ---- money --------------------------------------------------------------------------------

// Amounts that are not the asking price: taxes, payments, rents, fees, an old price.
const NOT_THE_PRICE =
  /(?:contribuc|avaluo|dividendo|arriendo|arrienda|pie\b|credito|bono|reserva|comision|gasto|arrendad|g\.?\s?c\b|ggcc|valor anterior|renta)[^$]*$/;
// An old price right before the amount ("rebajado de UF 6.000 a UF 5.450" keeps the second), or
// a project's lowest ("desde UF 2.890"): not this unit's price.
const OLD_PRICE = /(?:antes|rebajad[oa]\s+de|bajo\s+de|baja\s+de|desde)\s*:?\s*$/;
// A rent: "$1.200.000 mensuales", "UF 30 al mes".
const PER_MONTH = /^\s*(?:\/\s*mes|mensual|al mes|x mes|por mes)/;
const GC_WORDS = String.raw`(?<![a-z])(?:g\.\s?c\.?|gc|gg\.?\s?cc\.?|gastos?\s+comun(?:es)?)(?![a-z])`;

function readCommonExpenses(r: Reader): [number, number][] {
  const spans: [number, number][] = [];
  const patterns = [
    // Each hedge word is read one way ("aprox" is never both "aprox." and "aproximadamente"), and
    // at most a few of them: alternatives that overlap under a star backtrack exponentially.
    String.raw`${GC_WORDS}[ \t:=]*(?:(?:de|aprox(?:imadamente)?|approx|app)\.?\s*){0,3}(\$\s*)?(${NUM})(?:\s*(mil|lucas|k)(?![a-z]))?`,
    // "$120.000 de gastos comunes", "80 mil de gc": only with a $ or "mil", on one line.
    String.raw`(\$[ \t]*)?(?<![\d.,])(${NUM})(?:[ \t]*(mil|lucas|k)(?![a-z]))?[ \t]*(?:de[ \t]+|en[ \t]+)?${GC_WORDS}`,
  ];
  const found: Found[] = [];
  for (const pattern of patterns)
    for (const m of r.all(pattern)) {
      const base = readChileanNumber(m[2] ?? '');
      if (base === null) continue;
      if (!m[1] && !m[3] && !/^(?:g|gg|gastos?)/.test(m[0])) continue;
      const value = m[3] ? base * 1000 : base;
      const end = m.index + m[0].length;
      // Never a price, whatever it reads as; gastos comunes in UF ("gc 3 UF") are left out.
      spans.push([m.index, end]);
      if (/^[ \t]*u\.?f/.test(r.folded.slice(end, end + 4))) continue;
      if (inRange(value, 1_000, 10_000_000)) found.push({ value, start: m.index, end });
    }
  const first = found.sort((a, b) => a.start - b.start)[0];
  if (first) r.set('common_expenses', first.value, first.start, first.end);
  return spans;
}

type PriceCandidate = Found & { unit: 'CLP' | 'UF' };

function priceCandidates(r: Reader, taken: [number, number][]) {
  const candidates: PriceCandidate[] = [];
  const add = (m: RegExpExecArray, unit: 'CLP' | 'UF', amount: string, millions: boolean) => {
    const start = m.index;
    const end = start + m[0].length;
    if (taken.some(([a, b]) => start < b && end > a)) return;
    const base = readChileanNumber(amount);
    if (base === null) return;
    const value = millions ? Math.round(base * 1_000_000) : base;
    // "45 UF/m2" is a rate, not the price.
    if (/^\s*(?:\/|x|por|el|c\/)\s*(?:m2|m²|mt|metro)/.test(r.folded.slice(end, end + 12))) return;
    const clause = r.before(start, 30, true);
    if (NOT_THE_PRICE.test(clause) || OLD_PRICE.test(clause)) return;
    if (PER_MONTH.test(r.folded.slice(end, end + 12))) return;
    // Dollars are not pesos: "US$ 1.200.000".
    if (/u\.?s\.?\s*$/.test(r.folded.slice(Math.max(0, start - 4), start + 1).replace(/\$$/, '')))
      return;
    candidates.push({ value, start, end, unit });
  };
  const UF = String.raw`u\.?f\.?(?![a-z])`;
  for (const m of r.all(String.raw`(?<![a-z])${UF}[ \t]*(?::[ \t]*)?(${NUM})`))
    add(m, 'UF', m[1] ?? '', false);
  for (const m of r.all(String.raw`(?<![\d.,a-z²$])(?=\d)(?<!\$[ \t]*)(${NUM})[ \t]*${UF}`))
    add(m, 'UF', m[1] ?? '', false);
  const MILLIONS = String.raw`(millones|millon|mill\.?(?![a-z])|mm\$?(?![a-z])|m\$?(?![a-z0-9²]))`;
  for (const m of r.all(String.raw`(?:\$|clp)[ \t]*(${NUM})(?:[ \t]*${MILLIONS})?`))
    add(m, 'CLP', m[1] ?? '', m[2] !== undefined);
  for (const m of r.all(
    String.raw`(?<![\d.,$])(?=\d)(?<!\$[ \t]*)(${NUM})[ \t]*(millones|millon|mm\$?)(?![a-z])`,
  ))
    add(m, 'CLP', m[1] ?? '', true);
  for (const m of r.all(
    String.raw`(?<![\d.,$])(?=\d)(?<!\$[ \t]*)(${NUM})[ \t]*(?:clp|pesos)(?![a-z])`,
  ))
    add(m, 'CLP', m[1] ?? '', false);
  return candidates.sort((a, b) => a.start - b.start);
}

function validPrice({ value, unit }: PriceCandidate) {
  if (unit === 'UF')
    return value >= 50 && value <= MAX_PRICE_UF && Math.round(value * 100) === value * 100;
  // Below a million pesos is a fee or a rent, not a property's price.
  return Number.isSafeInteger(value) && value >= 1_000_000;
}

function readPrice(r: Reader, taken: [number, number][]) {
  // The first amount is the primary one: "UF 9.800 (aprox $390 millones)" keeps the UF.
  // One out of range (a rent, "2 UF") is not a price at all, so the next one is still the first.
  const first = priceCandidates(r, taken).find(validPrice);
  if (!first) return;
  r.set('price', first.value, first.start, first.end);
  r.set('price_unit', first.unit, first.start, first.end);
}

// ---- floor, areas, address ---------------------------------------------------------------

const ORDINALS: Record<string, number> = {
  primer: 1,
  primero: 1,
  segundo: 2,
  tercer: 3,
  tercero: 3,
  cuarto: 4,
  quinto: 5,
  sexto: 6,
  septimo: 7,
  octavo: 8,
  noveno: 9,
  decimo: 10,
};

function readFloor(r: Reader) {
  const found: Found[] = [];
  const push = (m: RegExpExecArray, value: number | null) => {
    if (inRange(value, 1, 99)) found.push({ value, start: m.index, end: m.index + m[0].length });
  };
  for (const m of r.all(
    String.raw`(?<![a-z])piso\s*(?:n[°º.]?\s*|nro\.?\s*|:\s*)?(\d{1,2})(?![\d.,]*\s*(?:m2|m²|mts|metros))(?![\d])`,
  ))
    push(m, count(m[1]));
  for (const m of r.all(
    String.raw`(?<![\d.,a-z²])(\d{1,2})\s*(?:(?:°|º|er|ero|do|ro|to|vo|no|mo)\s*)?piso(?![a-z])`,
  ))
    push(m, count(m[1]));
  for (const m of r.all(String.raw`(?<![a-z])(${Object.keys(ORDINALS).join('|')})\s+piso(?![a-z])`))
    push(m, ORDINALS[m[1] ?? ''] ?? null);
  const first = found.sort((a, b) => a.start - b.start)[0];
  if (first) r.set('floor', first.value, first.start, first.end);
}

type AreaKind = 'building' | 'land' | 'other' | null;

const LAND_WORDS = /(?:terreno|sitio|lote|parcela|superficie total del terreno)/;
const BUILDING_WORDS =
  /(?:util|construid|construc|edificad|const\.?(?![a-z])|interior|habitable|casa|vivienda|totales|total)/;
const OTHER_WORDS =
  /(?:terraza|balcon|logia|jardin|patio|bodega|estacionamiento|quincho|piscina|galpon de|oficina de|frente|fondo)/;

/** The word right after an area ("78 m2 útiles"), unless it labels the next number ("terreno 250"). */
function labelAfter(after: string) {
  const m = /^\s*(?:de\s+)?([a-z][a-z.]*)/.exec(after);
  if (!m || /^\s*(?:de\s+)?[a-z.]+\s*(?:de\s*)?:?\s*\d/.test(after)) return '';
  return m[1] ?? '';
}

function areaKind(r: Reader, start: number, end: number): AreaKind {
  const after = r.after(end, 22);
  const before = r.before(start, 28);
  for (const piece of [labelAfter(after), before]) {
    // The nearest word decides: "78 m2 útiles", "terreno 220 m²", "terraza de 12 m2".
    const hits = (
      [
        ['land', LAND_WORDS],
        ['building', BUILDING_WORDS],
        ['other', OTHER_WORDS],
      ] as const
    )
      .map(([kind, re]) => {
        const all = [...piece.matchAll(userTextPattern(re.source, 'g'))];
        const last = all[piece === before ? all.length - 1 : 0];
        return last ? { kind, at: last.index } : null;
      })
      .filter((h) => h !== null);
    if (hits.length === 0) continue;
    hits.sort((a, b) => (piece === before ? b.at - a.at : a.at - b.at));
    return hits[0]?.kind ?? null;
  }
  return null;
}

function readAreas(r: Reader, landBased: boolean) {
  const UNIT = String.raw`(?:m2|m²|m\.2|mt2|mts2|mts\.?2?|mtrs2?|metros\s+cuadrados|metros2?|mtr)(?![a-z0-9])`;
  const labelled: Record<'building' | 'land', Found[]> = { building: [], land: [] };
  const plain: Found[] = [];
  for (const m of r.all(String.raw`(?<![\d.,/])(?:(${NUM})\s*/\s*)?(${NUM})\s*${UNIT}`)) {
    const value = readChileanNumber(m[1] ?? m[2] ?? '');
    if (value === null || value <= 0 || value > MAX_AREA) continue;
    const found = { value, start: m.index, end: m.index + m[0].length };
    const kind = areaKind(r, found.start, found.end);
    if (kind === 'building' || kind === 'land') labelled[kind].push(found);
    else if (kind === null) plain.push(found);
  }
  for (const m of r.all(
    String.raw`(?<![\d.,/])(${NUM})\s*(?:hectareas?|hect\.|has?\.?)(?![a-z])(?!\s+(?:sido|tenido|estado))`,
  )) {
    const value = readChileanNumber(m[1] ?? '');
    // "desde 2019 ha sido…": a year is no area.
    if (/^(?:19|20)\d\d$/.test(m[1] ?? '')) continue;
    if (value !== null && value > 0 && value * 10_000 <= MAX_AREA)
      labelled.land.push({
        value: Math.round(value * 10_000),
        start: m.index,
        end: m.index + m[0].length,
      });
  }
  const first = (list: Found[]) => list.sort((a, b) => a.start - b.start)[0];
  const building = first(labelled.building) ?? (landBased ? undefined : first(plain));
  const land = first(labelled.land) ?? (landBased ? first(plain) : undefined);
  if (building) r.set('building_sqmts', building.value, building.start, building.end);
  if (land) r.set('land_sqmts', land.value, land.start, land.end);
}

function readAddress(r: Reader) {
  const STREET = String.raw`(?:av(?:da)?\.|avenida|calle|pasaje|psje\.?|pje\.|camino)\s+`;
  const NAME = `[a-z0-9ñ'][a-z0-9ñ' ]{1,40}?`;
  const UNIT = String.raw`(?:,?\s*(?:depto|dpto|departamento|of\.|oficina|casa|local|block)\.?\s*[a-z0-9-]{1,6})?`;
  const patterns = [
    // The label is matched, not looked behind for: a lookbehind over a run of spaces is tried
    // again from every position of the run. The address is the group after it.
    String.raw`(?:direccion|ubicacion|ubicad[oa] en)[^\S\n]{0,3}:?[^\S\n]{0,3}((?:${STREET})?${NAME}\s(?:#\s?|n[°º]\s?)?\d{1,5}(?![\d.,]*\s*(?:m2|m²|mts|uf|d\b))${UNIT})`,
    String.raw`(?<![a-z])${STREET}${NAME}\s(?:#\s?|n[°º]\s?)?\d{1,5}(?![\d.,]*\s*(?:m2|m²|mts|uf|d\b|dorm|hab|ban))(?!\d)${UNIT}`,
  ];
  for (const pattern of patterns)
    for (const m of r.all(pattern)) {
      // The labelled pattern's address is its group, at the match's end.
      const end = m.index + m[0].length;
      const start = end - (m[1] ?? m[0]).length;
      const address = r.words(start, end).replace(/[\s,]+$/, '');
      if (address.length < 5 || address.length > 300) continue;
      r.set('address', address, start, end);
      return [start, end] as const;
    }
  return null;
}

// ---- what and where ------------------------------------------------------------------------

/** The Chilean words for each type, strongest first; `head`: only near the listing's start. */
const TYPE_WORDS: { type: string; pattern: string; head?: boolean }[] = [
  {
    type: 'Bodega',
    pattern: String.raw`bodegas?\s+(?:industrial(?:es)?|comercial(?:es)?|de acopio)`,
  },
  { type: 'Local comercial', pattern: String.raw`local(?:es)?\s+comercial(?:es)?` },
  { type: 'Parcela', pattern: String.raw`parcelas?(?:\s+de\s+agrado)?` },
  { type: 'Galpón', pattern: String.raw`galpon(?:es)?|nave\s+industrial` },
  {
    type: 'Departamento',
    pattern: String.raw`departamentos?|deptos?\.?|dptos?\.?|depas?|penthouse|loft|monoambiente`,
  },
  { type: 'Casa', pattern: String.raw`casas?(?!\s+(?:club|matriz|de\s+huespedes))` },
  { type: 'Oficina', pattern: `oficinas?`, head: true },
  { type: 'Local comercial', pattern: `local(?:es)?`, head: true },
  { type: 'Terreno', pattern: `terrenos?|sitios?|lotes?`, head: true },
  { type: 'Bodega', pattern: `bodegas?`, head: true },
];

function readType(r: Reader, reference: ListingReference) {
  const ids = new Map(reference.propertyTypes.map((t) => [fold(t.name), t]));
  // The head: the first six words, where "Oficina en…", "Vendo terreno…" name the listing.
  const head = /^[^a-z0-9]*(?:[a-z0-9.$]+[^a-z0-9]+){0,6}/.exec(r.folded)?.[0].length ?? 0;
  let best: { type: string; start: number; end: number } | null = null;
  for (const word of TYPE_WORDS) {
    for (const m of r.all(`(?<![a-z])(?:${word.pattern})(?![a-z])`)) {
      if (word.head && m.index >= head) break;
      if (!best || m.index < best.start)
        best = { type: word.type, start: m.index, end: m.index + m[0].length };
      break;
    }
  }
  const type = best && ids.get(fold(best.type));
  if (!best || !type) return null;
  r.set('property_type_id', type.id, best.start, best.end);
  r.typeSpan = [best.start, best.end];
  return type;
}

/** Names that are also plain words or a person's name: a comuna only written "en Colina". */
const COMMON_WORDS = new Set(
  'colina corral retiro navidad primavera porvenir victoria pinto canela camarones nogales rinconada algarrobo olivar portezuelo empedrado constitucion florida castro la union la estrella calle larga placilla pica lampa laja teno freire ercilla saavedra yungay bulnes coronel lota antuco hualqui cholchol renaico machali'
    .split(' ')
    .concat(['la union', 'la estrella', 'calle larga']),
);
const ALIASES: Record<string, string> = {
  stgo: 'santiago',
  'stgo.': 'santiago',
  vina: 'vina del mar',
  'pto montt': 'puerto montt',
  'pto. montt': 'puerto montt',
  conce: 'concepcion',
  chicureo: 'colina',
};

function readComuna(
  r: Reader,
  reference: ListingReference,
  skip: readonly [number, number] | null,
) {
  const byName = new Map(reference.comunas.map((c) => [fold(c.name), c]));
  const names = [...byName.keys(), ...Object.keys(ALIASES)]
    .sort((a, b) => b.length - a.length)
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'));
  let best: {
    comuna: { id: number; name: string };
    start: number;
    end: number;
    score: number;
  } | null = null;
  for (const m of r.all(`(?<![a-z0-9])(?:${names.join('|')})(?![a-z0-9])`)) {
    const start = m.index;
    const end = start + m[0].length;
    if (skip && start < skip[1] && end > skip[0]) continue;
    const key = m[0].replace(/\s+/g, ' ');
    const comuna = byName.get(ALIASES[key] ?? key);
    if (!comuna) continue;
    const before = r.folded.slice(Math.max(0, start - 14), start);
    // A street, a metro station or a school named after a comuna is not where the listing is.
    if (
      /(?:av\.?|avda\.?|avenida|calle|pasaje|metro|estacion|colegio|liceo|mall|plaza|region(?:\s+del?)?)\s+$/.test(
        before,
      )
    )
      continue;
    const score = /comuna\s*(?:de\s*)?:?\s*$/.test(before)
      ? 3
      : /(?:\ben|sector|,|-|–|\|)\s*$/.test(before) || start === 0
        ? 2
        : 1;
    const capital = /^[A-ZÁÉÍÓÚÑ]/.test(r.text.slice(start, end));
    if (COMMON_WORDS.has(key) && (score < 2 || !capital)) continue;
    if (!best || score > best.score) best = { comuna, start, end, score };
  }
  if (!best) return null;
  r.set('city_id', best.comuna.id, best.start, best.end);
  return best.comuna;
}

/**
 * The comuna a place's name names (a page's addressLocality: "Ñuñoa", "nunoa, Santiago"), matched
 * as in a listing's text: case and accents ignored, the same aliases, the same plain-word names
 * kept out unless written as a name; null when it names none.
 */
export function matchComuna(
  place: string,
  comunas: ListingReference['comunas'],
): { id: number; name: string } | null {
  return readComuna(new Reader(place.slice(0, 200)), { comunas, propertyTypes: [] }, null);
}

// ---- the reading ---------------------------------------------------------------------------

export function readListingText(text: string, reference: ListingReference): ListingReading {
  const r = new Reader(text.slice(0, MAX_TEXT));
  const type = readType(r, reference);
  const address = readAddress(r);
  const comuna = readComuna(r, reference, address);
  const gc = readCommonExpenses(r);
  readPrice(r, gc);
  readShorthand(r);
  readCount(r, 'rooms', ROOM_WORDS, 0, 50);
  readCount(r, 'bathrooms', BATH_WORDS, 1, 30, String.raw`\s*(?:de\s+)?visitas?`);
  readCount(r, 'parking_spaces', PARKING_WORDS, 0, 50, String.raw`\s*(?:de|para)\s+visitas?`);
  readParkingFor(r);
  readMention(r, 'parking_spaces', String.raw`estac(?:ionamiento)?\.?`);
  readCount(
    r,
    'storage_units',
    String.raw`(?:bodegas?|bod\.?)(?![a-z])(?!\s+(?:industrial|comercial|de acopio))`,
    0,
    20,
  );
  readMention(r, 'storage_units', 'bodega');
  readFloor(r);
  readAreas(r, type !== null && ['terreno', 'parcela'].includes(fold(type.name)));
  if (type && comuna) {
    const shorthand = [
      r.fields.rooms !== undefined ? `${r.fields.rooms}D` : '',
      r.fields.bathrooms !== undefined ? `${r.fields.bathrooms}B` : '',
    ].filter(Boolean);
    r.fields.name = [type.name, ...shorthand, 'en', comuna.name].join(' ');
    r.sources.name = [r.sources.property_type_id, r.sources.city_id].join(' … ');
  }
  return { fields: r.fields, sources: r.sources };
}
