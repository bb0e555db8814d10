import type { PropertyPayload, PropertyStage, UpdatePropertyPayload } from '@bec/contracts';

/*
 * The pipeline's rules, each written once: where a new property starts, where an edit or a visit
 * leaves it, and the one move refused (back before visited once a visit took place). The visit
 * sweep's SQL (visits.repository.ts) applies stageAfterVisit to past visits in bulk.
 */

/** The stages that come before a visit: a property that was visited never goes back to them. */
const BEFORE_VISIT: readonly PropertyStage[] = ['new', 'to_visit'];

/**
 * Whether moving from `from` to `to` goes back before visited: refused (`stage_after_visit`)
 * once one of the property's visits took place, which the caller checks only when this is true.
 */
export const goesBackBeforeVisit = (from: PropertyStage, to: PropertyStage) =>
  BEFORE_VISIT.includes(to) && to !== from;

/** A discard reason is kept only on a discarded property. */
export const discardReasonFor = (stage: PropertyStage, given: string | null | undefined) =>
  stage === 'discarded' ? given || null : null;

/** The stage a new property starts in: the one given, else visited or new by `visited`. */
export const initialStage = (payload: PropertyPayload): PropertyStage =>
  payload.stage ?? (payload.visited ? 'visited' : 'new');

type StageNow = { stage: PropertyStage; discard_reason: string | null; visited: boolean };

/**
 * The stage an edit leaves a property in. `stage` when given; else the original's `visited`
 * (true: on to visited; false: back to new) when it changes; else the stage stays. A discarded
 * property keeps its reason unless a new one is given. Moving back to new or to visit after a
 * visit took place is refused by the caller (goesBackBeforeVisit; it needs the visits).
 */
export function stageAfterEdit(
  current: StageNow,
  payload: UpdatePropertyPayload,
): { stage: PropertyStage; discard_reason: string | null; field: 'stage' | 'visited' } {
  const given = payload.discard_reason || null;
  if (payload.stage !== undefined)
    return {
      stage: payload.stage,
      discard_reason: discardReasonFor(payload.stage, given),
      field: 'stage',
    };
  if (payload.visited !== undefined && payload.visited !== current.visited)
    return { stage: payload.visited ? 'visited' : 'new', discard_reason: null, field: 'visited' };
  return {
    stage: current.stage,
    discard_reason: current.stage === 'discarded' ? (given ?? current.discard_reason) : given,
    field: 'stage',
  };
}

/**
 * The stage a visit at `visitedAt` moves a property to, or null when it stays: a visit that took
 * place moves new and to visit on to visited; one ahead moves new to to visit. Never backwards.
 */
export function stageAfterVisit(
  stage: PropertyStage,
  visitedAt: Date,
  now: Date,
): PropertyStage | null {
  if (visitedAt.getTime() <= now.getTime()) return BEFORE_VISIT.includes(stage) ? 'visited' : null;
  return stage === 'new' ? 'to_visit' : null;
}
