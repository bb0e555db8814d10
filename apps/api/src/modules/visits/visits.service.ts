import {
  type HistoryChanges,
  type Issue,
  issue,
  MAX_LISTED_VISITS,
  MAX_UPCOMING_VISITS,
  type Me,
  type PropertyStage,
  type UpcomingVisits,
  type UpdateVisitPayload,
  type Visit,
  type VisitList,
  type VisitorList,
  type VisitPayload,
  type VisitResult,
} from '@bec/contracts';
import type { Database } from '../../db/client.js';
import { AppError, validationError } from '../../lib/app-error.js';
import {
  changedFields,
  type HistoryActor,
  recordPropertyHistory,
} from '../history/history.service.js';
import {
  type AttachablePhoto,
  type PhotosService,
  photoColumns,
} from '../photos/photos.service.js';
import { stageAfterVisit } from '../properties/stage-rules.js';
import { recordPropertyChange } from '../saved-searches/alert-matching.js';
import * as repo from './visits.repository.js';

export type VisitsServiceOptions = {
  photos: PhotosService;
  /** Called once a change that moved a property's stage has committed (saved searches, ADR 053). */
  onPropertyChange?: () => void;
  /** The clock, replaceable in tests. */
  now?: () => Date;
};

/** How many properties one sweep statement moves at most (it repeats until none is left). */
const SWEEP_BATCH = 500;

const actorOf = (me: Me): HistoryActor => ({ id: me.id, name: me.name });

const notFound = (id: number) => new AppError('NOT_FOUND', `Visit ${id} not found.`);

export function createVisitsService(db: Database, options: VisitsServiceOptions) {
  const clock = options.now ?? (() => new Date());
  return {
    ...visitReads(db, options.photos, clock),
    ...visitWrites(db, options, clock),
    update: visitEdit(db, options, clock),
  };
}

const photoRow = (visitId: number, photo: AttachablePhoto, position: number) => ({
  visit_id: visitId,
  ...photoColumns(photo, position),
});

/** Moves the property's stage when the visit says so, with its history entry. */
async function followVisit(
  tx: Database,
  author: Me,
  property: { id: number; stage: PropertyStage },
  visitedAt: Date,
  now: Date,
): Promise<HistoryChanges[]> {
  const next = stageAfterVisit(property.stage, visitedAt, now);
  if (!next) return [];
  await recordPropertyChange(tx, property.id, author.id, 'update');
  await repo.setStage(tx, property.id, next, author.id, now);
  return [{ kind: 'stage', from: property.stage, to: next, reason: null }];
}

async function lockForChange(tx: Database, id: number) {
  const found = await repo.findVisit(tx, id);
  if (!found) throw notFound(id);
  const property = await repo.lockProperty(tx, found.property_id);
  const locked = await repo.lockVisit(tx, id);
  const current = locked ? await repo.findVisit(tx, id) : null;
  if (!property || !current) throw notFound(id);
  return { property, current };
}

/** A property's visits, the upcoming ones, the visitors to choose from. */
function visitReads(db: Database, photos: PhotosService, clock: () => Date) {
  const toVisit = (
    row: repo.VisitRow,
    visitPhotos: Awaited<ReturnType<typeof repo.listVisitPhotos>>,
  ): Visit => ({
    id: row.id,
    property_id: row.property_id,
    visited_at: row.visited_at.toISOString(),
    visitor:
      row.visitor_id !== null && row.visitor_name !== null
        ? { id: row.visitor_id, name: row.visitor_name }
        : null,
    notes: row.notes,
    rating: row.rating,
    photos: visitPhotos
      .filter((p) => p.visit_id === row.id)
      .map((p) => ({
        id: p.id,
        ...photos.photoUrls(p.storage_key),
        width: p.width,
        height: p.height,
      })),
    created_by_name: row.created_by_name,
    updated_at: row.updated_at.toISOString(),
  });

  async function list(propertyId: number): Promise<VisitList> {
    if (!(await repo.propertyExists(db, propertyId)))
      throw new AppError('NOT_FOUND', `Property ${propertyId} not found.`);
    const rows = await repo.listVisits(db, propertyId, MAX_LISTED_VISITS);
    const visitPhotos = await repo.listVisitPhotos(
      db,
      rows.map((r) => r.id),
    );
    return { visits: rows.map((row) => toVisit(row, visitPhotos)) };
  }

  async function upcoming(me: Me): Promise<UpcomingVisits> {
    const rows = await repo.upcomingVisits(db, me.id, clock(), MAX_UPCOMING_VISITS);
    return {
      visits: rows.map((row) => {
        const { photos: _photos, ...visit } = toVisit(row, []);
        return {
          ...visit,
          property_name: row.property_name,
          address: row.address,
          city_name: row.city_name,
        };
      }),
    };
  }

  const visitors = async (): Promise<VisitorList> => ({ items: await repo.listMembers(db) });

  return { list, upcoming, visitors };
}

/** Logging a visit, deleting one, and the sweep that moves properties on when visits are due. */
function visitWrites(db: Database, options: VisitsServiceOptions, clock: () => Date) {
  const { photos } = options;
  const onPropertyChange = options.onPropertyChange ?? (() => {});
  /**
   * Logs a visit and attaches its photos in one transaction, with its history. The photos are
   * read and checked before it, so the transaction never waits on storage.
   */
  async function create(author: Me, propertyId: number, payload: VisitPayload) {
    const attachment = await photos.checkUploads(author.id, payload.photos);
    const created = await db.transaction(async (tx): Promise<VisitResult> => {
      const property = await repo.lockProperty(tx, propertyId);
      if (!property) throw new AppError('NOT_FOUND', `Property ${propertyId} not found.`);
      const issues: Issue[] = [];
      const visitor = await repo.findMember(tx, payload.visitor_id);
      if (!visitor)
        issues.push(issue('visitor_id', 'reference_missing', { id: payload.visitor_id }));
      issues.push(
        ...attachment.issues,
        ...(await photos.claimUploads(tx, author.id, payload.photos, attachment.photos)),
      );
      if (issues.length) throw validationError(issues, 'The visit was not logged');

      const now = clock();
      const visitedAt = new Date(payload.visited_at);
      const id = await repo.insertVisit(tx, {
        property_id: propertyId,
        visited_at: visitedAt,
        visitor_id: payload.visitor_id,
        notes: payload.notes || null,
        rating: payload.rating,
        created_by: author.id,
        created_at: now,
        updated_at: now,
      });
      await repo.insertVisitPhotos(
        tx,
        attachment.photos.map((photo, position) => photoRow(id, photo, position)),
      );
      await photos.markAttached(tx, payload.photos);
      const stage = await followVisit(tx, author, property, visitedAt, now);
      await recordPropertyHistory(tx, actorOf(author), propertyId, [
        {
          kind: 'visit_added',
          visit_id: id,
          visited_at: visitedAt.toISOString(),
          visitor_name: visitor?.name ?? null,
          rating: payload.rating,
        },
        ...stage,
      ]);
      return { id, updated_at: now.toISOString() };
    });
    onPropertyChange();
    return created;
  }

  /** The visit's current state, its property locked first (the order every writer locks in). */
  async function remove(author: Me, id: number) {
    const keys = await db.transaction(async (tx) => {
      const { property, current } = await lockForChange(tx, id);
      const photoKeys = (await repo.listVisitPhotos(tx, [id])).map((p) => p.storage_key);
      await repo.deleteVisit(tx, id);
      await recordPropertyHistory(tx, actorOf(author), property.id, [
        {
          kind: 'visit_removed',
          visit_id: id,
          visited_at: current.visited_at.toISOString(),
          visitor_name: current.visitor_name,
          rating: current.rating,
        },
      ]);
      return photoKeys;
    });
    await photos.removeFiles(keys).catch(() => undefined);
    return { id };
  }

  /**
   * Moves to visited every property still new or to visit whose visit's time has come, each with
   * a history entry by the system, in one transaction per batch. Safe with several processes at
   * once (see the repository). Answers how many moved.
   */
  async function sweep(now = clock()) {
    let moved = 0;
    for (;;) {
      const count = await db.transaction(async (tx) => {
        const rows = await repo.moveVisitedProperties(tx, now, SWEEP_BATCH);
        for (const row of rows)
          await recordPropertyHistory(
            tx,
            null,
            row.id,
            [{ kind: 'stage', from: row.from_stage, to: 'visited', reason: null }],
            now,
          );
        // Saved searches hear of the moves: each row as it was is the row now at its old stage.
        await repo.recordSweptChanges(tx, rows);
        return rows.length;
      });
      moved += count;
      if (count) onPropertyChange();
      if (count < SWEEP_BATCH) return moved;
    }
  }

  return { create, remove, sweep };
}

/** Editing a visit: its fields, its photo list, and the stage it leaves its property at. */
function visitEdit(db: Database, options: VisitsServiceOptions, clock: () => Date) {
  const { photos } = options;
  const onPropertyChange = options.onPropertyChange ?? (() => {});
  /**
   * Edits a visit in one transaction, refusing with 409 when it changed since it was loaded.
   * Photos come in their order: kept ones by id, new uploads by path; the rest are removed.
   */
  async function update(author: Me, id: number, payload: UpdateVisitPayload): Promise<VisitResult> {
    // New uploads are read and checked before the transaction: it never waits on storage.
    const attachment = await photos.checkUploads(author.id, payload.photos);
    const { result, removedKeys } = await db.transaction(async (tx) => {
      const { property, current } = await lockForChange(tx, id);
      if (current.updated_at.toISOString() !== new Date(payload.updated_at).toISOString())
        throw new AppError(
          'CONFLICT',
          'This visit was changed after you opened it. Reload it, then edit again.',
          undefined,
          { code: 'visit_changed', params: {} },
        );
      const issues: Issue[] = [];
      const visitor = await repo.findMember(tx, payload.visitor_id);
      if (!visitor)
        issues.push(issue('visitor_id', 'reference_missing', { id: payload.visitor_id }));
      const existing = new Map((await repo.listVisitPhotos(tx, [id])).map((p) => [p.id, p]));
      issues.push(
        ...photos.unknownPhotoIds(payload.photos, new Set(existing.keys())),
        ...attachment.issues,
        ...(await photos.claimUploads(tx, author.id, payload.photos, attachment.photos)),
      );
      if (issues.length) throw validationError(issues, 'The visit was not saved');

      const now = clock();
      const visitedAt = new Date(payload.visited_at);
      await repo.updateVisit(tx, id, {
        visited_at: visitedAt,
        visitor_id: payload.visitor_id,
        notes: payload.notes || null,
        rating: payload.rating,
        updated_at: now,
      });
      const { removed, attached } = await photos.applyPhotoList(
        tx,
        existing,
        payload.photos,
        attachment.photos,
        {
          remove: (ids) => repo.deleteVisitPhotos(tx, ids),
          move: (photoId, position) => repo.setVisitPhotoPosition(tx, photoId, position),
          add: async (photo, position) => {
            const [row] = await repo.insertVisitPhotos(tx, [photoRow(id, photo, position)]);
            if (!row) throw new Error('insert returned no row');
            return row.id;
          },
        },
      );

      const photoCount = existing.size - removed.length + attached;
      const fields = changedFields(
        {
          visited_at: current.visited_at.toISOString(),
          visitor: current.visitor_name,
          notes: current.notes,
          rating: current.rating,
          photos: existing.size,
        },
        {
          visited_at: visitedAt.toISOString(),
          visitor: visitor?.name ?? null,
          notes: payload.notes || null,
          rating: payload.rating,
          photos: photoCount,
        },
      );
      const stage = await followVisit(tx, author, property, visitedAt, now);
      if (fields.length || stage.length)
        await recordPropertyHistory(tx, actorOf(author), property.id, [
          {
            kind: 'visit_updated',
            visit_id: id,
            visited_at: visitedAt.toISOString(),
            visitor_name: visitor?.name ?? null,
            rating: payload.rating,
            fields,
          },
          ...stage,
        ]);
      return {
        result: { id, updated_at: now.toISOString() },
        removedKeys: removed.map((p) => p.storage_key),
      };
    });
    onPropertyChange();
    // Files go once the rows are gone for good; a failure only leaves orphans, never broken rows.
    await photos.removeFiles(removedKeys).catch(() => undefined);
    return result;
  }

  /** Removes a visit and its photos (then their files). The stage stays where it is. */
  return update;
}

export type VisitsService = ReturnType<typeof createVisitsService>;
