import { onlineManager, useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SHOWS_ITS_OFFLINE_STATE } from '@/lib/needs-connection';
import { renderWithProviders } from '@/testing/render';
import { useNeedsNetwork } from './use-needs-network';

/** A screen reading `queryKey` (never answered: offline it waits), and the hook's verdict. */
function Screen({ queryKey, meta }: { queryKey: unknown[]; meta?: Record<string, unknown> }) {
  useQuery({ queryKey, queryFn: () => new Promise(() => {}), meta });
  return <p>{useNeedsNetwork() ? 'needs the network' : 'has what it shows'}</p>;
}

afterEach(() => onlineManager.setOnline(true));

describe('useNeedsNetwork', () => {
  it('says a screen needs the network when, offline, its query waits with nothing saved', async () => {
    onlineManager.setOnline(false);
    renderWithProviders(<Screen queryKey={['brokers', 'list']} />);
    expect(await screen.findByText('needs the network')).toBeVisible();
    // Back online the query runs: nothing to say any more.
    act(() => onlineManager.setOnline(true));
    expect(await screen.findByText('has what it shows')).toBeVisible();
  });

  it('says nothing when the waiting query has saved data to show', async () => {
    onlineManager.setOnline(false);
    const { queryClient } = renderWithProviders(<p />);
    queryClient.setQueryData(['properties', 'detail', 1], { id: 1 });
    renderWithProviders(<Screen queryKey={['properties', 'detail', 1]} />, { queryClient });
    expect(await screen.findByText('has what it shows')).toBeVisible();
  });

  it("leaves out the sign-in's own queries, which wait offline on every screen", async () => {
    onlineManager.setOnline(false);
    renderWithProviders(<Screen queryKey={['users', 'me', 'sub-1']} />);
    expect(await screen.findByText('has what it shows')).toBeVisible();
  });

  it('leaves out a query whose component says itself that it needs a connection (a section)', async () => {
    onlineManager.setOnline(false);
    renderWithProviders(
      <Screen queryKey={['properties', 'history', 1]} meta={SHOWS_ITS_OFFLINE_STATE} />,
    );
    expect(await screen.findByText('has what it shows')).toBeVisible();
  });
});
