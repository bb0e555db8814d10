import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addQueueItem,
  clearOfflineQueue,
  listQueueItems,
  putQueueItem,
} from '@/entities/offline-queue/store';
import { PendingSync } from '@/features/offline/components/pending-sync';
import { renderWithProviders } from '@/testing/render';

const body = {
  stage: 'negotiating' as const,
  discard_reason: null,
  updated_at: '2026-11-27T10:00:00.000Z',
};

beforeEach(async () => {
  await clearOfflineQueue();
  // Offline: the list is shown, nothing is sent.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await addQueueItem(
    1,
    {
      kind: 'visit',
      propertyId: 7,
      body: { visited_at: '2026-11-26T19:00:00.000Z', visitor_id: 1, notes: null, rating: null },
      photos: [{ name: 'a.jpg', type: 'image/jpeg', blob: new Blob(['a']) }],
    },
    { label: 'Casa Ñuñoa', key: 'k1' },
  );
  const refused = await addQueueItem(
    1,
    { kind: 'stage', propertyId: 7, body },
    { label: 'Casa Ñuñoa', key: 'k2' },
  );
  await putQueueItem({ ...refused, state: 'error', error: 'Someone changed it meanwhile' });
  await addQueueItem(2, { kind: 'stage', propertyId: 8, body }, { label: 'Not mine', key: 'k3' });
});
afterEach(() => vi.restoreAllMocks());

describe('PendingSync', () => {
  it("counts the member's waiting writes and lists each with its state", async () => {
    renderWithProviders(<PendingSync userId={1} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Waiting to sync (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Saved on this device' });
    const visit = within(dialog).getByRole('listitem', { name: 'Visit: Casa Ñuñoa' });
    expect(visit).toHaveTextContent('Pending');
    expect(visit).toHaveTextContent('Photos: 1');
    const stage = within(dialog).getByRole('listitem', {
      name: 'Stage: Casa Ñuñoa → Negotiating',
    });
    expect(stage).toHaveTextContent('Error');
    expect(within(stage).getByRole('alert')).toHaveTextContent('Someone changed it meanwhile');
    expect(within(dialog).queryByText(/Not mine/)).toBeNull();
  });

  it('retries a refused write (pending again, over the current version) or discards it', async () => {
    renderWithProviders(<PendingSync userId={1} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Waiting to sync (2)' }));
    const dialog = screen.getByRole('dialog', { name: 'Saved on this device' });
    const name = 'Stage: Casa Ñuñoa → Negotiating';

    await userEvent.click(within(dialog).getByRole('button', { name: `Retry: ${name}` }));
    const stage = within(dialog).getByRole('listitem', { name });
    await vi.waitFor(() => expect(stage).toHaveTextContent('Pending'));
    expect((await listQueueItems(1))[1]).toMatchObject({ state: 'pending', rebase: true });

    const retried = (await listQueueItems(1))[1];
    if (retried) await putQueueItem({ ...retried, state: 'error', error: 'No' });
    await userEvent.click(await within(dialog).findByRole('button', { name: `Discard: ${name}` }));
    await vi.waitFor(() => expect(within(dialog).queryByRole('listitem', { name })).toBeNull());
    expect(await screen.findByRole('button', { name: 'Waiting to sync (1)' })).toBeVisible();
  });
});
