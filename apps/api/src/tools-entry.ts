// The one door through which the tools beside the API (bench/, e2e/) reach its code, declared as
// "@bec/api/tools" in package.json's exports: what they need and nothing more, so a change inside
// the API shows here, and the dependency rules (.dependency-cruiser.cjs) forbid any other way in.
// Not part of the built server (apps/api/build.mjs bundles from start.ts and the CLI entries).

// The API's own declaration of an untyped package, for the programs that compile it from here.
/// <reference path="./modules/photos/heic-decode.d.ts" />

// The bench: the database as the API opens and migrates it, and the services it seeds through.
export { DEFAULT_POOL_SIZE } from './config.js';
export { type Database, type DatabaseHandle, openDatabase } from './db/client.js';
export { prepareDatabase } from './db/prepare.js';
export { type Bound, run } from './db/prepared.js';
export { activeFilters, FILTERS, pesoFilters, priceSideOf } from './db/property-query.js';
// The table the list pages read, for the bench's cursor scenarios.
export { properties } from './db/schema.js';
export { appliedUfValue, ufInUseSql, ufToPesos } from './db/uf-arithmetic.js';
export { chileDate } from './lib/chile-date.js';
export { MAP_LEVEL_MAX, metresPerPixel, viewCells } from './lib/map-projection.js';
// The listing readers and the seed's reference, which the bench measures over the corpus of
// @bec/testkit (ADR 036, ADR 063).
export { proposeFromPage } from './modules/listing-import/listing-proposal.js';
export { readListingText } from './modules/listing-import/listing-text.js';
export { seedListingReference } from './modules/listing-import/seed-reference.js';
export {
  comparablesSubject,
  comparablesSubjectStatement,
  NEAREST_INNER_REACH,
  nearestInBox,
  nearestInBoxStatement,
  peerStandingStatement,
} from './modules/market/comparables.repository.js';
// The map, statistics and comparables SQL, so the bench explains and loads what the API runs.
export {
  asCellFilters,
  clustersFromCells,
  clustersFromCellsSql,
  clustersFromRowsSql,
  MAP_CELL_LEVELS,
  pointsOfCellsSql,
  totalsFromCellsSql,
  totalsFromRowsSql,
} from './modules/market/map.repository.js';
export {
  dataVersionSql,
  groupStatsSql,
  storedStatsSql,
  ufPerSqmHistogramSql,
  ufPerSqmTopSql,
} from './modules/market/statistics.repository.js';
export { statsKey } from './modules/market/statistics.service.js';
export { countMatches } from './modules/properties/match-counts.js';
export {
  decodePropertyCursor,
  encodePropertyCursor,
  type PropertyCursor,
} from './modules/properties/property-cursor.js';
export { listPage, SORTS } from './modules/properties/property-list.repository.js';
// The saved searches' outbox and its matching (ADR 053), timed by the bench as the worker runs it.
export {
  processOutbox,
  recordPropertyChange,
} from './modules/saved-searches/alert-matching.js';
export { createUfService } from './modules/uf/uf.service.js';
export { createUsersService } from './modules/users/users.service.js';

// The production journeys' external provider: the development provider on a server of its own.
export { default as devIdentity } from './plugins/app/dev-identity/dev-identity.js';
export { loadOrCreateDevKeys } from './plugins/app/dev-identity/dev-keys.js';
