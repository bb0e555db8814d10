import type { PriceUnit } from '@bec/contracts';
import { type DefaultTreeAdapterTypes, parse } from 'parse5';

/**
 * Reading a listing's page (the link import; docs/decisions/037-fetching-a-listing-page.md):
 * the schema.org JSON-LD the portals publish for search engines, OpenGraph, the meta
 * description and the visible text. The HTML is only parsed (parse5), never run: scripts are
 * read as text, and only those of type application/ld+json. A value is proposed only when the
 * page says it plainly; when two places disagree the field is left empty (a wrong price is worse
 * than none).
 */

/** The add payload's names for what a page can tell. */
type PageFields = Partial<{
  name: string;
  price: number;
  price_unit: PriceUnit;
  rooms: number;
  bathrooms: number;
  building_sqmts: number;
  land_sqmts: number;
  address: string;
  latitude: number;
  longitude: number;
}>;
type FieldName = keyof PageFields;

export type ListingPage = {
  fields: PageFields;
  /** Per field, the words it was read from ("JSON-LD offers: 5450 CLF"). */
  sources: Partial<Record<FieldName, string>>;
  /** The JSON-LD's comuna (addressLocality), for matching a city; null when it has none. */
  locality: string | null;
  /** The description and the visible text, for the text reader. */
  text: string;
  /** Absolute http(s) image URLs from JSON-LD `image` and og:image, without repeats. */
  photos: string[];
};

const MAX_PHOTOS = 20;
/** Enough for any listing's description; a 2 MB page of text is no listing. */
const MAX_TEXT = 100_000;
const MAX_NAME = 200;
const MAX_ADDRESS = 300;
const MAX_AREA = 1_000_000_000;

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.Document;
type Element = DefaultTreeAdapterTypes.Element;

const isElement = (node: Node): node is Element => 'tagName' in node;
const attr = (element: Element, name: string) =>
  element.attrs.find((a) => a.name === name)?.value ?? null;
const childrenOf = (node: Node) => ('childNodes' in node ? node.childNodes : []);

/** Elements whose text a reader never sees. */
const HIDDEN = new Set([
  'head',
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'object',
  'canvas',
  'select',
  'button',
]);
/** Elements that end a line of text. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'div',
  'dl',
  'figcaption',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'section',
  'table',
  'tr',
  'ul',
]);

/**
 * A label and its value on one line, as the text reader reads "Dormitorios: 3": a table's cells
 * and a term (dt) end with a mark that becomes a colon when more of the line follows it.
 */
const LABELLED = new Set(['th', 'td', 'dt']);
const CELL_END = '\u001f';

type Collected = {
  jsonLd: string[];
  meta: Map<string, string[]>;
  title: string | null;
  text: string[];
};

/** A step of the walk: a node to visit, or text to add once an element's children are done. */
type Step = { node: Node; hidden: boolean } | { after: string };

/**
 * The page's parts in document order. The walk keeps its own stack: a page nested as deep as it
 * likes never reaches the call stack's limit (ADR 058).
 */
function collect(root: Node, into: Collected) {
  const stack: Step[] = [{ node: root, hidden: false }];
  const pushChildren = (node: Node, hidden: boolean) => {
    const children = childrenOf(node);
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child) stack.push({ node: child, hidden });
    }
  };
  for (let step = stack.pop(); step; step = stack.pop()) {
    if ('after' in step) {
      into.text.push(step.after);
      continue;
    }
    const { node, hidden } = step;
    if (node.nodeName === '#text' && 'value' in node) {
      if (!hidden) into.text.push(node.value);
      continue;
    }
    if (!isElement(node)) {
      pushChildren(node, hidden);
      continue;
    }
    const tag = node.tagName;
    if (tag === 'script') {
      if (attr(node, 'type')?.trim().toLowerCase() === 'application/ld+json')
        into.jsonLd.push(textOf(node));
      continue;
    }
    if (tag === 'meta') {
      const key = (attr(node, 'property') ?? attr(node, 'name') ?? '').trim().toLowerCase();
      const content = attr(node, 'content')?.trim();
      if (key && content) into.meta.set(key, [...(into.meta.get(key) ?? []), content]);
      continue;
    }
    if (tag === 'title' && into.title === null) into.title = textOf(node);
    const hides = hidden || HIDDEN.has(tag) || attr(node, 'hidden') !== null;
    const block = BLOCKS.has(tag);
    if (!hides && (block || tag === 'dt')) into.text.push('\n');
    // What follows the children goes on the stack first, so it comes off after them.
    if (!hides && (block || tag === 'dd')) stack.push({ after: '\n' });
    if (!hides && LABELLED.has(tag)) stack.push({ after: CELL_END });
    pushChildren(node, hides);
  }
}

/** An element's text, all of its descendants' in order, walked with a stack of its own. */
function textOf(node: Node): string {
  const parts: string[] = [];
  const stack: Node[] = [...childrenOf(node)].reverse();
  for (let next = stack.pop(); next; next = stack.pop()) {
    if (next.nodeName === '#text' && 'value' in next) parts.push(next.value);
    else {
      const children = childrenOf(next);
      for (let i = children.length - 1; i >= 0; i--) {
        const child = children[i];
        if (child) stack.push(child);
      }
    }
  }
  return parts.join('');
}

const tidy = (text: string) => text.replace(/\s+/g, ' ').trim();

function visibleText(parts: string[]) {
  return parts
    .join('')
    .split('\n')
    .map((line) => {
      const cells = line.split(CELL_END).map(tidy).filter(Boolean);
      // "Dormitorios:" already says it; a colon more would not.
      return cells
        .map((c, i) => (i < cells.length - 1 && !c.endsWith(':') ? `${c}:` : c))
        .join(' ');
    })
    .filter(Boolean)
    .join('\n');
}

// --- JSON-LD -----------------------------------------------------------------------------------

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: Json | undefined): Json[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

function parseJsonLd(text: string): Json[] {
  try {
    // Some pages wrap the JSON in an HTML comment or CDATA, a relic of old browsers.
    const bare = text.replace(/^\s*(<!--|<!\[CDATA\[)/, '').replace(/(-->|\]\]>)\s*$/, '');
    return [JSON.parse(bare) as Json];
  } catch {
    return [];
  }
}

/**
 * A number as schema.org writes it: a JSON number, or a string of digits with a decimal point.
 * "5.450" is refused: on a Chilean page it may as well mean five thousand four hundred fifty.
 */
function numberOf(value: Json | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!/^\d+(\.\d+)?$/.test(text) || /^\d{1,3}\.\d{3}$/.test(text)) return null;
  return Number(text);
}

/** A coordinate: a JSON number, or a string with a decimal point ("-33.4230"). */
function coordinateOf(value: Json | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return typeof value === 'string' && /^-?\d{1,3}(\.\d+)?$/.test(value.trim())
    ? Number(value.trim())
    : null;
}

const wholeNumber = (value: Json | undefined, max: number) => {
  const n = numberOf(value);
  return n !== null && Number.isInteger(n) && n >= 0 && n <= max ? n : null;
};

const textValue = (value: Json | undefined) =>
  typeof value === 'string' && tidy(value) ? tidy(value) : null;

/** Square metres from a QuantitativeValue (or a bare number); other units are left alone. */
function squareMetres(value: Json | undefined): number | null {
  const quantity = isObject(value) ? value : { value: value ?? null };
  const unit = textValue(quantity.unitCode) ?? textValue(quantity.unitText);
  if (unit && !/^(MTK|m2|m²|mt2|mts2|sq ?m|metros cuadrados)$/i.test(unit)) return null;
  const n = numberOf(quantity.value);
  return n !== null && n > 0 && n <= MAX_AREA ? n : null;
}

const UNITS: Record<string, PriceUnit> = { CLF: 'UF', UF: 'UF', CLP: 'CLP' };

function priceOf(offer: JsonObject): { price: number; unit: PriceUnit; words: string } | null {
  const unit = UNITS[(textValue(offer.priceCurrency) ?? '').toUpperCase()];
  const price = numberOf(offer.price);
  if (!unit || price === null || price <= 0) return null;
  // Whole pesos; UF with at most 2 decimals: anything else is a misreading waiting to happen.
  if (unit === 'CLP' ? !Number.isInteger(price) : Math.round(price * 100) !== price * 100)
    return null;
  return { price, unit, words: `${String(offer.price)} ${String(offer.priceCurrency)}` };
}

type Candidate = { value: Json; words: string };

/** Every value a field was given across the page's JSON-LD, to be kept only if they agree. */
class Candidates {
  private readonly byField = new Map<string, Candidate[]>();

  add(field: string, value: Json | null, words: string) {
    if (value === null) return;
    this.byField.set(field, [...(this.byField.get(field) ?? []), { value, words }]);
  }

  /** The one value every candidate agrees on, or null. */
  agreed(field: string): Candidate | null {
    const found = this.byField.get(field) ?? [];
    const [first] = found;
    if (!first) return null;
    const key = JSON.stringify(first.value);
    return found.every((c) => JSON.stringify(c.value) === key) ? first : null;
  }
}

/** Types that are not the listing itself: their images and names are not the property's. */
const NOT_LISTING = new Set([
  'Organization',
  'Corporation',
  'RealEstateAgent',
  'LocalBusiness',
  'WebSite',
  'Person',
  'BreadcrumbList',
  'ListItem',
  'SearchAction',
  'ImageObject',
]);

function imagesOf(value: Json | undefined): string[] {
  return list(value).flatMap((image) => {
    if (typeof image === 'string') return [image];
    if (isObject(image)) return [image.contentUrl, image.url].filter((u) => typeof u === 'string');
    return [];
  }) as string[];
}

type JsonLdReading = { candidates: Candidates; images: string[]; locality: Set<string> };

/** The first of `keys` that holds a whole number up to `max`, and which key it was. */
function firstWhole(node: JsonObject, keys: string[], max: number) {
  for (const key of keys) {
    const value = wholeNumber(node[key], max);
    if (value !== null) return { value, words: `JSON-LD ${key}: ${String(node[key])}` };
  }
  return null;
}

function readListingFacts(
  node: JsonObject,
  types: string[],
  reading: JsonLdReading,
  pricedAlready: boolean,
) {
  const { candidates } = reading;
  reading.images.push(...imagesOf(node.image));
  const price = pricedAlready ? null : priceOf(node);
  if (price) candidates.add('price', [price.price, price.unit], `JSON-LD offers: ${price.words}`);
  const rooms = firstWhole(node, ['numberOfBedrooms', 'numberOfRooms'], 10_000);
  if (rooms) candidates.add('rooms', rooms.value, rooms.words);
  const baths = firstWhole(node, ['numberOfBathroomsTotal', 'numberOfFullBathrooms'], 1000);
  if (baths) candidates.add('bathrooms', baths.value, baths.words);
  if (node.floorSize !== undefined) {
    const area = squareMetres(node.floorSize);
    candidates.add('building_sqmts', area, `JSON-LD floorSize: ${area} m²`);
  }
  // Not schema.org's, but what listing pages that state the land's size use.
  if (node.lotSize !== undefined) {
    const area = squareMetres(node.lotSize);
    candidates.add('land_sqmts', area, `JSON-LD lotSize: ${area} m²`);
  }
  const address = node.address;
  if (isObject(address)) {
    const street = textValue(address.streetAddress);
    candidates.add('address', street, `JSON-LD streetAddress: ${street}`);
    const locality = textValue(address.addressLocality);
    if (locality) reading.locality.add(locality);
  } else if (typeof address === 'string') {
    const street = textValue(address);
    candidates.add('address', street, `JSON-LD address: ${street}`);
  }
  if (isObject(node.geo)) {
    const lat = coordinateOf(node.geo.latitude);
    const lng = coordinateOf(node.geo.longitude);
    // 0, 0 is the Gulf of Guinea: a map widget's default, not a listing's place.
    if (lat !== null && lng !== null && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 && (lat || lng))
      candidates.add('geo', [lat, lng], `JSON-LD geo: ${lat}, ${lng}`);
  }
  const looksLikeListing =
    node.offers !== undefined ||
    node.floorSize !== undefined ||
    node.numberOfRooms !== undefined ||
    node.numberOfBedrooms !== undefined ||
    types.some((t) => /RealEstateListing|Residence|House|Apartment|Accommodation/.test(t));
  if (looksLikeListing) {
    const name = textValue(node.name);
    candidates.add('name', name, `JSON-LD name: ${name}`);
  }
}

function readNode(node: Json, reading: JsonLdReading, depth = 0, pricedAlready = false) {
  if (depth > 20) return;
  if (Array.isArray(node)) {
    for (const item of node) readNode(item, reading, depth + 1, pricedAlready);
    return;
  }
  if (!isObject(node)) return;
  const types = list(node['@type']).filter((t): t is string => typeof t === 'string');
  const listing = !types.some((t) => NOT_LISTING.has(t));
  // Only the listing's own facts: an agency's office, logo and position are not the property's.
  if (listing) readListingFacts(node, types, reading, pricedAlready);
  const price = pricedAlready || !listing ? null : priceOf(node);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'offers' && Array.isArray(value)) {
      // A price quoted in two currencies keeps the first, the primary one.
      let priced = pricedAlready;
      for (const offer of value) {
        readNode(offer, reading, depth + 1, priced);
        priced = priced || (isObject(offer) && priceOf(offer) !== null);
      }
    } else if (isObject(value) || Array.isArray(value)) {
      readNode(value, reading, depth + 1, pricedAlready || price !== null);
    }
  }
}

// --- the page ----------------------------------------------------------------------------------

function absoluteImages(urls: string[], base: string): string[] {
  const seen = new Set<string>();
  for (const raw of urls) {
    try {
      const url = new URL(raw.trim(), base);
      if (url.protocol === 'http:' || url.protocol === 'https:') seen.add(url.href);
    } catch {
      // Not a URL: nothing to propose.
    }
    if (seen.size === MAX_PHOTOS) break;
  }
  return [...seen];
}

/** A charset label as the Content-Type or a <meta> states it. */
const CHARSET = /charset\s*=\s*["']?([\w.:-]+)/i;

/**
 * A fetched page's HTML as text: in the charset its Content-Type names, else the one its first
 * 1024 bytes declare (<meta charset> or http-equiv, as browsers look for it), else UTF-8. Older
 * Chilean sites still serve ISO-8859-1, where "Ñuñoa" read as UTF-8 turns into "�u�oa".
 */
export function decodeHtml(body: Buffer, contentType: string): string {
  const declared =
    CHARSET.exec(contentType)?.[1] ?? CHARSET.exec(body.subarray(0, 1024).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(body);
  } catch {
    // A label TextDecoder does not know.
    return new TextDecoder('utf-8').decode(body);
  }
}

/** What a listing page says, from its HTML as fetched from `url`. */
export function readListingPage(html: string, url: string): ListingPage {
  const collected: Collected = { jsonLd: [], meta: new Map(), title: null, text: [] };
  collect(parse(html), collected);
  const reading: JsonLdReading = { candidates: new Candidates(), images: [], locality: new Set() };
  for (const block of collected.jsonLd)
    for (const data of parseJsonLd(block)) readNode(data, reading);

  const fields: PageFields = {};
  const sources: ListingPage['sources'] = {};
  const { candidates } = reading;
  const price = candidates.agreed('price');
  if (price && Array.isArray(price.value)) {
    const [amount, unit] = price.value as [number, PriceUnit];
    Object.assign(fields, { price: amount, price_unit: unit });
    Object.assign(sources, { price: price.words, price_unit: price.words });
  }
  const geo = candidates.agreed('geo');
  if (geo && Array.isArray(geo.value)) {
    const [latitude, longitude] = geo.value as [number, number];
    Object.assign(fields, { latitude, longitude });
    Object.assign(sources, { latitude: geo.words, longitude: geo.words });
  }
  for (const field of ['rooms', 'bathrooms', 'building_sqmts', 'land_sqmts'] as const) {
    const found = candidates.agreed(field);
    if (found && typeof found.value === 'number') {
      fields[field] = found.value;
      sources[field] = found.words;
    }
  }
  const address = candidates.agreed('address');
  if (address && typeof address.value === 'string') {
    fields.address = address.value.slice(0, MAX_ADDRESS);
    sources.address = address.words;
  }

  const meta = (key: string) => collected.meta.get(key)?.[0] ?? null;
  const jsonName = candidates.agreed('name');
  const ogTitle = meta('og:title');
  const title = collected.title ? tidy(collected.title) : null;
  const name =
    jsonName && typeof jsonName.value === 'string'
      ? { value: jsonName.value, words: jsonName.words }
      : ogTitle
        ? { value: tidy(ogTitle), words: `og:title: ${tidy(ogTitle)}` }
        : title
          ? { value: title, words: `title: ${title}` }
          : null;
  if (name?.value) {
    fields.name = name.value.slice(0, MAX_NAME);
    sources.name = name.words;
  }

  const description = meta('og:description') ?? meta('description');
  const body = visibleText(collected.text);
  const text = [description && !body.includes(tidy(description)) ? tidy(description) : '', body]
    .filter(Boolean)
    .join('\n')
    .slice(0, MAX_TEXT);
  const ogImages = ['og:image', 'og:image:secure_url', 'og:image:url'].flatMap(
    (key) => collected.meta.get(key) ?? [],
  );
  const localities = [...reading.locality];
  return {
    fields,
    sources,
    locality: localities.length === 1 ? (localities[0] ?? null) : null,
    text,
    photos: absoluteImages([...reading.images, ...ogImages], url),
  };
}
