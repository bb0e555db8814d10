import type { CreatePropertyBody, MovePropertyStageBody, VisitBody } from '@bec/contracts';

/** A photo kept on the phone until it is sent: the file itself, and its storage path once uploaded. */
type QueuedPhoto = { name: string; type: string; blob: Blob; path?: string | undefined };

/**
 * Where a queued write stands: waiting, on its way, done, or refused by the server (kept, with
 * the reason, for the person to retry or discard).
 */
export type QueueItemState = 'pending' | 'sending' | 'synced' | 'error';

/** What was written offline: a visit with its photos, a stage move, or a quick add with photos. */
export type QueuedWrite =
  | {
      kind: 'visit';
      propertyId: number;
      /** The visit's fields; its photos' paths are filled in from `photos` when sent. */
      body: Omit<VisitBody, 'photos'>;
      photos: QueuedPhoto[];
    }
  | {
      kind: 'stage';
      propertyId: number;
      body: MovePropertyStageBody;
      /** Sent on the server's current version: the person chose to retry over a 409. */
      rebase?: boolean;
    }
  | {
      kind: 'property';
      /** The quick add's fields (ADR 048); its photos' paths are filled in from `photos`. */
      body: Omit<CreatePropertyBody, 'photos'>;
      photos: QueuedPhoto[];
    };

/** The property a queued write is about; none yet for a property still to be added. */
export const queuedPropertyId = (write: QueuedWrite): number | null =>
  write.kind === 'property' ? null : write.propertyId;

export type QueueItem = QueuedWrite & {
  /** Increasing: the queue is sent in this order. */
  id: number;
  /** The signed-in member whose write it is (`Me.id`): each one sees and sends only theirs. */
  userId: number;
  /** The write's `Idempotency-Key`, made when queued and kept across every try (ADR 043, 047). */
  key: string;
  /** What the item is about, as the person saw it when queuing (the property's name). */
  label: string;
  queuedAt: string;
  state: QueueItemState;
  /** Why the server refused it, in the person's language at that time; null unless `error`. */
  error: string | null;
};
