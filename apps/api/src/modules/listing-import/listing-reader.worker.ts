import type { ImportedListing } from '@bec/contracts';
import { proposeFromPage, proposeFromText } from './listing-proposal.js';
import type { ListingReference } from './listing-text.js';

/**
 * The listing reader's worker thread (docs/decisions/058-untrusted-text-off-the-event-loop.md):
 * a pasted text or a fetched page is read here, where a reading that runs long holds no request
 * but its own and can be stopped by ending the thread.
 */

/** What to read: a pasted text, or a fetched page's HTML and address. */
export type ListingReadInput = (
  | { kind: 'text'; text: string }
  | { kind: 'page'; html: string; url: string }
) & { reference: ListingReference };

export type ListingReadTask = ListingReadInput & {
  /** Set to 1 when the reading starts: its time budget counts from then, not from the queue. */
  started: Int32Array;
};

export default function readListing(task: ListingReadTask): ImportedListing {
  Atomics.store(task.started, 0, 1);
  Atomics.notify(task.started, 0);
  return task.kind === 'text'
    ? proposeFromText(task.text, task.reference)
    : proposeFromPage(task.html, task.url, task.reference);
}
