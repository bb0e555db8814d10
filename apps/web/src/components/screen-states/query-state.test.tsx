import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadMore } from '@/components/screen-states/load-more';
import { QueryState } from '@/components/screen-states/query-state';
import { activateLocale } from '@/i18n/i18n';
import { renderWithProviders } from '@/testing/render';

/** A query whose answers the test hands out one by one. */
function answers() {
  const waiting: Array<{ ok: (value: string[]) => void; fail: (error: Error) => void }> = [];
  const fetch = () =>
    new Promise<string[]>((ok, fail) => {
      waiting.push({ ok, fail });
    });
  const next = async () => {
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    const answer = waiting.shift();
    if (!answer) throw new Error('no request');
    return answer;
  };
  return { fetch, next };
}

function Screen({ fetch }: { fetch: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['kit-test'], queryFn: fetch });
  const items = query.data ?? [];
  return (
    <>
      <QueryState
        query={query}
        loading="Loading names"
        failed={(message) => `Could not load the names: ${message}`}
        empty={items.length === 0 ? <p>No names</p> : undefined}
      />
      {items.map((item) => (
        <p key={item}>{item}</p>
      ))}
    </>
  );
}

describe('QueryState', () => {
  afterEach(async () => {
    await act(() => activateLocale('en'));
  });

  it('shows a named loader, then the content', async () => {
    const api = answers();
    renderWithProviders(<Screen fetch={api.fetch} />);
    expect(screen.getByLabelText('Loading names')).toBeInTheDocument();
    (await api.next()).ok(['Ana']);
    expect(await screen.findByText('Ana')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when there is nothing', async () => {
    const api = answers();
    renderWithProviders(<Screen fetch={api.fetch} />);
    (await api.next()).ok([]);
    expect(await screen.findByText('No names')).toBeInTheDocument();
  });

  it('reads a failure as an alert in Spanish with "Reintentar", which refetches and keeps the focus', async () => {
    await act(() => activateLocale('es-CL'));
    const api = answers();
    renderWithProviders(<Screen fetch={api.fetch} />);
    (await api.next()).fail(new Error('boom'));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the names: boom');
    const retry = screen.getByRole('button', { name: 'Reintentar' });
    await userEvent.click(retry);
    expect(retry).toHaveFocus();

    // Asked again: the same alert and button stay, busy, with the focus, until the answer.
    const second = await api.next();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBe(retry);
    expect(retry).toHaveAttribute('aria-busy', 'true');
    expect(retry).not.toBeDisabled();
    expect(retry).toHaveFocus();
    expect(screen.queryByLabelText('Loading names')).not.toBeInTheDocument();

    // Another failure: still the alert, the focus still on its button.
    await act(async () => second.fail(new Error('again')));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Could not load the names: again'),
    );
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBe(retry);
    expect(retry).toHaveFocus();
    expect(retry).not.toHaveAttribute('aria-busy');

    // Then it loads.
    await userEvent.click(retry);
    await act(async () => (await api.next()).ok(['Ana']));
    expect(await screen.findByText('Ana')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

function List({ fetch }: { fetch: (page: number) => Promise<string[]> }) {
  const query = useInfiniteQuery({
    queryKey: ['kit-test-pages'],
    queryFn: ({ pageParam }) => fetch(pageParam),
    initialPageParam: 0,
    getNextPageParam: (_last, pages) => (pages.length < 2 ? pages.length : undefined),
  });
  return (
    <>
      {query.data?.pages.flat().map((item) => (
        <p key={item}>{item}</p>
      ))}
      <LoadMore query={query} label="Load more" />
    </>
  );
}

describe('LoadMore', () => {
  it('asks for the next page, keeps its focus while it loads, and goes after the last', async () => {
    const pages: Array<(items: string[]) => void> = [];
    const fetch = () => new Promise<string[]>((ok) => pages.push(ok));
    renderWithProviders(<List fetch={fetch} />);
    await waitFor(() => expect(pages).toHaveLength(1));
    await act(async () => pages[0]?.(['Ana']));

    const more = await screen.findByRole('button', { name: 'Load more' });
    await userEvent.click(more);
    await waitFor(() => expect(pages).toHaveLength(2));
    expect(more).toHaveAttribute('aria-busy', 'true');
    expect(more).not.toBeDisabled();
    expect(more).toHaveFocus();
    // A second click while it loads asks for nothing more.
    await userEvent.click(more);
    expect(pages).toHaveLength(2);

    await act(async () => pages[1]?.(['Bea']));
    expect(await screen.findByText('Bea')).toBeInTheDocument();
    expect(screen.getByText('Ana')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
