/**
 * The journeys' map tiles: a fake tile server on its own origin (e2e/fake-tile-server.ts), so no
 * test reaches OpenStreetMap. Both projects' servers get MAP_TILES_URL pointing at it.
 */
const port = Number(process.env.E2E_TILES_PORT || 3113);

export const TILES = {
  port,
  origin: `http://127.0.0.1:${port}`,
  /** MAP_TILES_URL for the servers under test. */
  url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
} as const;

/** A tile request the fake server saw: its path and the Referer the browser sent with it. */
export type TileRequest = { path: string; referer: string | null };

/** Every tile request the fake server has answered so far, in order. */
export async function tileRequests(): Promise<TileRequest[]> {
  const response = await fetch(`${TILES.origin}/requests`);
  return (await response.json()) as TileRequest[];
}
