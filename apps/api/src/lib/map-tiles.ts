/**
 * The map's background tiles as configured (MAP_TILES_URL, MAP_TILES_ATTRIBUTION): Leaflet's URL
 * template, and the credit line the tiles' provider requires.
 */

/** OpenStreetMap's standard tiles; their usage policy: https://operations.osmfoundation.org/policies/tiles/ */
export const DEFAULT_MAP_TILES_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** The credit OpenStreetMap's licence asks for, linking to its copyright page. */
export const DEFAULT_MAP_TILES_ATTRIBUTION =
  '© [OpenStreetMap contributors](https://www.openstreetmap.org/copyright)';

/** Placeholders a tile URL may hold (Leaflet's): {s} a subdomain (a, b, c), {r} "@2x" or "". */
const TILE_PLACEHOLDERS = new Set(['z', 'x', 'y', 's', 'r']);

/** Leaflet's default subdomains, which a `{s}` in the template takes turns with. */
export const TILE_SUBDOMAINS = ['a', 'b', 'c'] as const;

/** The template's URL with `{s}` as `subdomain` and every other placeholder as 0. */
export const tileUrlWith = (template: string, subdomain: string) =>
  template.replaceAll('{s}', subdomain).replace(/\{[a-z]\}/g, '0');

const isHttpUrl = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

/**
 * True for an http(s) URL template with {z}, {x} and {y}, no placeholder but Leaflet's, and none
 * but {s} in its scheme and host (so the CSP can name every origin the tiles come from).
 */
export function isTileTemplate(template: string): boolean {
  const names = [...template.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] ?? '');
  if (!['z', 'x', 'y'].every((name) => names.includes(name))) return false;
  if (!names.every((name) => TILE_PLACEHOLDERS.has(name))) return false;
  const origin = /^[a-z]+:\/\/[^/?#]*/i.exec(template)?.[0] ?? '';
  if (/\{[^s]\}/.test(origin)) return false;
  const url = tileUrlWith(template, 'a');
  return isHttpUrl(url) && !/[{}]/.test(url);
}

/** One piece of the map's credit line: plain text, or a link. */
export type AttributionPart = { text: string; href: string | null };

const ATTRIBUTION_LINK = /\[([^\]]+)\]\(([^()\s]+)\)/g;

/**
 * The map's credit line, plain text in which `[text](https://…)` is a link; null when a link is
 * not an http(s) URL (or is malformed) or the line says nothing. Never HTML: the web app makes the line's elements.
 */
export function parseAttribution(line: string): AttributionPart[] | null {
  const parts: AttributionPart[] = [];
  let last = 0;
  for (const match of line.matchAll(ATTRIBUTION_LINK)) {
    const [whole, text = '', href = ''] = match;
    if (!isHttpUrl(href)) return null;
    if (match.index > last) parts.push({ text: line.slice(last, match.index), href: null });
    parts.push({ text, href });
    last = match.index + whole.length;
  }
  if (last < line.length) parts.push({ text: line.slice(last), href: null });
  // "](" left in the text is a link that was meant but is malformed: say so at start-up.
  if (parts.some((part) => part.href === null && part.text.includes(']('))) return null;
  return parts.some((part) => part.text.trim()) ? parts : null;
}
