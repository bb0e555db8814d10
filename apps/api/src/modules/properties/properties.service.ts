import {
  type Issue,
  issue,
  type ListPropertiesQuery,
  type Me,
  type MovePropertyStagePayload,
  type MovePropertyStageResult,
  type Photo,
  PROPERTY_FIELD_ORDER,
  PROPERTY_FIELDS,
  type PropertyCard,
  type PropertyDetail,
  type PropertyField,
  type PropertyList,
  type PropertyPayload,
  type UpdatePropertyPayload,
} from '@bec/contracts';
import type { Database } from '../../db/client.js';
import { comparesUfAmounts, type PropertyFilters, pesoFilters } from '../../db/property-query.js';
import { ufOf } from '../../db/uf-arithmetic.js';
import { AppError, validationError } from '../../lib/app-error.js';
import {
  type HistoryActor,
  propertyEditEntries,
  propertySnapshot,
  recordPropertyHistory,
} from '../history/history.service.js';
import {
  type AttachablePhoto,
  type PhotosService,
  photoColumns,
} from '../photos/photos.service.js';
import { recordPropertyChange } from '../saved-searches/alert-matching.js';
import { createMatchCounts, type MatchCount } from './match-counts.js';
import * as repo from './properties.repository.js';
import { propertiesCsv } from './properties-export.js';
import { exportBatch } from './properties-export.repository.js';
import { decodePropertyCursor, encodePropertyCursor } from './property-cursor.js';
import * as listRepo from './property-list.repository.js';
import {
  discardReasonFor,
  goesBackBeforeVisit,
  initialStage,
  stageAfterEdit,
} from './stage-rules.js';

type Payload = PropertyPayload | UpdatePropertyPayload;
type StoredField = {
  [Key in PropertyField]: (typeof PROPERTY_FIELDS)[Key]['column'] extends null ? never : Key;
}[PropertyField];
type StoredColumns = {
  [Key in StoredField as (typeof PROPERTY_FIELDS)[Key]['column'] & string]: Payload[Key];
};

/** The payload's fields the row stores as sent, from the catalogue of fields (ADR 066). */
const STORED_FIELDS = PROPERTY_FIELD_ORDER.filter(
  (key): key is StoredField => PROPERTY_FIELDS[key].column !== null,
);

/** A catalogue column the properties table lacks: none, or `propertyFields` fails to compile. */
type UnknownColumn = Exclude<keyof StoredColumns, keyof repo.NewProperty>;

/**
 * The columns an add or an edit sets from the payload. The price goes in as entered (its amount
 * and unit); the properties_price trigger derives the peso price from it.
 */
const propertyFields = (payload: Payload): StoredColumns & Record<UnknownColumn, never> =>
  Object.fromEntries(
    STORED_FIELDS.map((key) => [PROPERTY_FIELDS[key].column, payload[key]]),
  ) as StoredColumns;

type CardPhotoUrl = PhotosService['cardPhotoUrl'];

const actorOf = (me: Me): HistoryActor => ({ id: me.id, name: me.name });

const toCard = (row: listRepo.CardRow, cardPhotoUrl: CardPhotoUrl): PropertyCard => ({
  id: row.id,
  name: row.name,
  address: row.address,
  price_amount: row.price_amount,
  price_unit: row.price_unit,
  price_clp: row.price,
  price: row.price,
  price_uf: row.price_uf,
  price_per_sqm_uf: row.price_per_sqm_uf,
  building_sqmts: row.building_sqmts,
  land_sqmts: row.land_sqmts,
  visited: row.visited,
  stage: row.stage,
  city_id: row.city_id,
  city_name: row.city_name,
  region_id: row.region_id,
  region_name: row.region_name,
  property_type_id: row.property_type_id,
  property_type_name: row.property_type_name,
  price_per_sqm: row.price_per_sqm,
  area_basis: row.area_basis,
  rooms: row.rooms,
  bathrooms: row.bathrooms,
  parking_spaces: row.parking_spaces,
  common_expenses: row.common_expenses,
  photo_url: row.cover_key ? cardPhotoUrl(row.cover_key) : null,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** 409 when the row changed since the editor (or the board's card) loaded it. */
function refuseStale(
  current: { updated_at: Date; updated_by_name: string | null },
  loaded: string,
) {
  if (current.updated_at.toISOString() === new Date(loaded).toISOString()) return;
  const who = current.updated_by_name ? ` by ${current.updated_by_name}` : '';
  throw new AppError(
    'CONFLICT',
    `This property was changed${who} after you opened it. Reload it to see the changes, then edit again.`,
    undefined,
    current.updated_by_name
      ? { code: 'property_changed_by', params: { name: current.updated_by_name } }
      : { code: 'property_changed', params: {} },
  );
}

export type PropertiesServiceOptions = {
  photos: PhotosService;
  /** Called once a property add or change has committed (wakes the saved searches' matching). */
  onPropertyChange?: () => void;
};

export function createPropertiesService(db: Database, options: PropertiesServiceOptions) {
  return { ...propertyReads(db, options.photos), ...propertyWrites(db, options) };
}

/** The list and its counts, the detail, the CSV export. */
function propertyReads(db: Database, { photoUrls, cardPhotoUrl }: PhotosService) {
  const inPesos = (filters: PropertyFilters) => pesoFilters(db, filters);
  const matchCounts = createMatchCounts(db);
  /** The unfiltered total the last page carried: with a filter's last count, a search's plan. */
  let lastTotal: number | undefined;

  async function list(query: ListPropertiesQuery): Promise<PropertyList> {
    const { sort, limit, cursor: rawCursor, ...given } = query;
    const cursor = rawCursor ? decodePropertyCursor(rawCursor, sort) : null;
    const filters = await inPesos(given);
    const counted = matchCounts.last(listRepo.filtersKey(filters));
    const known =
      counted && lastTotal !== undefined ? { matches: counted.total, total: lastTotal } : undefined;
    // One row more than the page says whether there is a next one.
    const page = listRepo.listPage(db, filters, sort, limit + 1, cursor, known);
    const rows = await listRepo.run(page.rows);
    // An empty page carries neither the version nor the UF: one small statement has both.
    const head = rows[0] ?? (await listRepo.run(page.head))[0];
    if (head) lastTotal = head.all_count;
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    const next_cursor =
      rows.length > limit && last
        ? encodePropertyCursor({ sort, value: listRepo.sortValue(sort, last), id: last.id })
        : null;
    const version = head?.version ?? '';
    let count: MatchCount;
    if (!page.filtered) count = { total: head?.all_count ?? 0, total_kind: 'exact' };
    else if (!cursor && !next_cursor) {
      // Every match is on this first page: that is the count.
      count = { total: shown.length, total_kind: 'exact' };
      matchCounts.know(page, version, shown.length);
    } else count = await matchCounts.of(page, filters, version);
    return {
      props: shown.map((row) => toCard(row, cardPhotoUrl)),
      next_cursor,
      ...count,
      uf: head ? ufOf(head) : null,
      peso_prices_not_compared: comparesUfAmounts(filters),
    };
  }

  async function get(id: number): Promise<PropertyDetail> {
    const row = await repo.findProperty(db, id);
    if (!row) throw new AppError('NOT_FOUND', `Property ${id} not found.`);
    const photo_urls: Photo[] = row.photos.map(([photoId, key, width, height]) => ({
      id: photoId,
      ...photoUrls(key),
      width,
      height,
    }));
    return {
      ...toCard(row, cardPhotoUrl),
      parking_sqmts: row.parking_sqmts,
      additional_sqmts: row.additional_sqmts,
      basement_sqmts: row.basement_sqmts,
      google_maps_url: row.google_maps_url,
      latitude: row.latitude,
      longitude: row.longitude,
      storage_units: row.storage_units,
      floor: row.floor,
      orientation: row.orientation,
      year_built: row.year_built,
      notes: row.notes,
      discard_reason: row.discard_reason,
      broker_id: row.broker_id,
      broker_name: row.broker_name,
      created_by_id: row.created_by_id,
      created_by_name: row.created_by_name,
      updated_by_id: row.updated_by_id,
      updated_by_name: row.updated_by_name,
      photo_urls,
      uf: ufOf(row),
    };
  }

  /**
   * The filtered list as CSV, streamed in keyset batches of 500. The first batch is read before
   * the stream is handed over, so a failing query still answers with a proper error status; a
   * failure after that can only break the connection off (see the route).
   */
  async function exportCsv(given: PropertyFilters) {
    const filters = await inPesos(given);
    const fetchAfter = async (after: { created_at: Date; id: number } | null) =>
      exportBatch(db, filters, after, 500);
    const first = await fetchAfter(null);
    return propertiesCsv(
      (async function* batches() {
        let rows = first;
        for (;;) {
          if (rows.length) yield rows;
          const last = rows.at(-1);
          if (!last || rows.length < 500) return;
          rows = await fetchAfter({ created_at: last.created_at, id: last.id });
        }
      })(),
    );
  }

  return { list, get, exportCsv };
}

/** Problems with the ids a payload refers to, one query for all of them. */
async function referenceIssues(
  tx: Database,
  payload: PropertyPayload | UpdatePropertyPayload,
  propertyId?: number,
) {
  const issues: Issue[] = [];
  const refs = await repo.existingReferences(tx, payload, propertyId);
  if (!refs.city) issues.push(issue('city_id', 'reference_missing', { id: payload.city_id }));
  if (!refs.type)
    issues.push(issue('property_type_id', 'reference_missing', { id: payload.property_type_id }));
  if (!refs.broker)
    issues.push(issue('broker_id', 'reference_missing', { id: payload.broker_id ?? 0 }));
  else if (refs.brokerArchived) issues.push(issue('broker_id', 'broker_archived'));
  return issues;
}

const photoRow = (propertyId: number, photo: AttachablePhoto, position: number) => ({
  property_id: propertyId,
  ...photoColumns(photo, position),
});

/** Add, edit, stage moves and delete, each in one transaction with its history. */
function propertyWrites(
  db: Database,
  { photos, onPropertyChange = () => {} }: PropertiesServiceOptions,
) {
  /**
   * Adds a property and attaches its photos in one transaction: all of it, or nothing. The photos
   * are read and checked before it, so the transaction never waits on storage.
   */
  async function create(author: Me, payload: PropertyPayload): Promise<{ id: number }> {
    const attachment = await photos.checkUploads(author.id, payload.photos);
    const created = await db.transaction(async (tx) => {
      const issues = await referenceIssues(tx, payload);
      issues.push(
        ...attachment.issues,
        ...(await photos.claimUploads(tx, author.id, payload.photos, attachment.photos)),
      );
      if (issues.length) throw validationError(issues, 'The property was not added');

      const now = new Date();
      const stage = initialStage(payload);
      const id = await repo.insertProperty(tx, {
        ...propertyFields(payload),
        stage,
        discard_reason: discardReasonFor(stage, payload.discard_reason),
        created_by: author.id,
        updated_by: author.id,
        created_at: now,
        updated_at: now,
      });
      const photoIds = await repo.insertPhotos(
        tx,
        attachment.photos.map((photo, position) => photoRow(id, photo, position)),
      );
      await photos.markAttached(tx, payload.photos);
      await recordPropertyHistory(tx, actorOf(author), id, [
        {
          kind: 'created',
          name: payload.name,
          price: { amount: payload.price, unit: payload.price_unit },
        },
        ...(photoIds.length ? [{ kind: 'photos_added' as const, photo_ids: photoIds }] : []),
      ]);
      // Saved searches hear of it after the commit (ADR 053).
      await recordPropertyChange(tx, id, author.id, 'insert');
      return { id };
    });
    onPropertyChange();
    return created;
  }

  /**
   * Edits a property in one transaction, refusing with 409 if it changed since the editor loaded
   * it. Photos come in their new order: kept ones by id, new uploads by path; the rest are removed.
   */
  async function update(author: Me, id: number, payload: UpdatePropertyPayload) {
    // New uploads are read and checked before the transaction: it never waits on storage.
    const attachment = await photos.checkUploads(author.id, payload.photos);
    const { updatedAt, removedKeys } = await db.transaction(async (tx) => {
      const current = await repo.lockProperty(tx, id);
      if (!current) throw new AppError('NOT_FOUND', `Property ${id} not found.`);
      refuseStale(current, payload.updated_at);
      const issues = await referenceIssues(tx, payload, id);
      const next = stageAfterEdit(current, payload);
      if (next.discard_reason !== null && next.stage !== 'discarded')
        issues.push(issue('discard_reason', 'discard_reason_only_when_discarded'));
      if (goesBackBeforeVisit(current.stage, next.stage) && (await repo.hasPastVisit(tx, id)))
        issues.push(issue(next.field, 'stage_after_visit'));
      const existing = new Map((await repo.listPhotos(tx, id)).map((p) => [p.id, p]));
      issues.push(
        ...photos.unknownPhotoIds(payload.photos, new Set(existing.keys())),
        ...attachment.issues,
        ...(await photos.claimUploads(tx, author.id, payload.photos, attachment.photos)),
      );
      if (issues.length) throw validationError(issues, 'The property was not saved');

      const now = new Date();
      const before = await propertySnapshot(tx, id);
      // The row as it was, for the saved searches' "newly matches" (ADR 053).
      await recordPropertyChange(tx, id, author.id, 'update');
      await repo.updateProperty(tx, id, {
        ...propertyFields(payload),
        stage: next.stage,
        discard_reason: next.discard_reason,
        updated_by: author.id,
        updated_at: now,
      });
      const moves = await photos.applyPhotoList(tx, existing, payload.photos, attachment.photos, {
        remove: (ids) => repo.deletePhotos(tx, ids),
        move: (photoId, position) => repo.setPhotoPosition(tx, photoId, position),
        add: async (photo, position) => {
          const [photoId] = await repo.insertPhotos(tx, [photoRow(id, photo, position)]);
          if (photoId === undefined) throw new Error('insert returned no row');
          return photoId;
        },
      });
      const after = await propertySnapshot(tx, id);
      await recordPropertyHistory(
        tx,
        actorOf(author),
        id,
        propertyEditEntries(before, after, {
          removed: moves.removed.map((p) => p.id),
          added: moves.addedIds,
          keptBefore: moves.keptBefore,
          keptAfter: moves.keptAfter,
          order: moves.order,
        }),
      );
      return { updatedAt: now, removedKeys: moves.removed.map((p) => p.storage_key) };
    });
    onPropertyChange();
    // Files go once the rows are gone for good; a failure only leaves orphans, never broken rows.
    await photos.removeFiles(removedKeys).catch(() => undefined);
    return { id, updated_at: updatedAt.toISOString() };
  }

  /**
   * Moves a property to another stage (the board), refusing with 409 if it changed since the card
   * was loaded, and with 400 going back to new or to visit after a visit took place. The stage
   * move is recorded in the history in the same transaction; `visited` follows (trigger).
   */
  async function moveStage(
    author: Me,
    id: number,
    payload: MovePropertyStagePayload,
  ): Promise<MovePropertyStageResult> {
    const result = await db.transaction(async (tx) => {
      const current = await repo.lockProperty(tx, id);
      if (!current) throw new AppError('NOT_FOUND', `Property ${id} not found.`);
      refuseStale(current, payload.updated_at);
      const reason = discardReasonFor(payload.stage, payload.discard_reason);
      if (goesBackBeforeVisit(current.stage, payload.stage) && (await repo.hasPastVisit(tx, id)))
        throw validationError([issue('stage', 'stage_after_visit')], 'The stage was not changed');
      const now = new Date();
      await recordPropertyChange(tx, id, author.id, 'update');
      const moved = await repo.setStage(tx, id, {
        stage: payload.stage,
        discard_reason: reason,
        updated_by: author.id,
        updated_at: now,
      });
      if (current.stage !== payload.stage || current.discard_reason !== reason)
        await recordPropertyHistory(tx, actorOf(author), id, [
          { kind: 'stage', from: current.stage, to: payload.stage, reason },
        ]);
      return { id, stage: moved.stage, visited: moved.visited, updated_at: now.toISOString() };
    });
    onPropertyChange();
    return result;
  }

  /** Deletes a property, its photo rows (cascade) and then their files. */
  async function remove(author: Me, id: number) {
    const keys = await db.transaction(async (tx) => {
      const current = await repo.lockProperty(tx, id);
      if (!current) throw new AppError('NOT_FOUND', `Property ${id} not found.`);
      // The visits' photos go with the property too (their rows by cascade, their files below).
      const photoKeys = [
        ...(await repo.listPhotos(tx, id)).map((p) => p.storage_key),
        ...(await repo.visitPhotoKeys(tx, id)),
      ];
      await repo.deleteProperty(tx, id);
      await recordPropertyHistory(tx, actorOf(author), id, [
        { kind: 'deleted', name: current.name },
      ]);
      return photoKeys;
    });
    await photos.removeFiles(keys).catch(() => undefined);
    return { id };
  }

  return { create, update, moveStage, remove };
}

export type PropertiesService = ReturnType<typeof createPropertiesService>;
