import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { usePropertyFilterParams } from './use-property-filter-params';

/** The hook on a page at `path`; the router tells the URL it leaves. */
function renderAt(path: string) {
  const holder: { current?: ReturnType<typeof usePropertyFilterParams> } = {};
  function Page() {
    holder.current = usePropertyFilterParams();
    return null;
  }
  const router = createMemoryRouter([{ path: '/data', element: <Page /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  const hook = () => {
    if (!holder.current) throw new Error('the page has not rendered');
    return holder.current;
  };
  return { router, hook };
}

describe('usePropertyFilterParams', () => {
  it("changes and clears the grid's filters, leaving the page's other parameters", () => {
    const { router, hook } = renderAt('/data?group=region&region_id=13&q=casa');
    expect(hook().filters).toEqual({ region_id: 13, q: 'casa' });

    act(() => hook().change({ city_id: 13120, q: undefined }));
    expect(router.state.location.search).toBe('?group=region&region_id=13&city_id=13120');
    expect(hook().filters).toEqual({ region_id: 13, city_id: 13120 });

    act(() => hook().clear());
    expect(router.state.location.search).toBe('?group=region');
    expect(hook().filters).toEqual({});
  });

  it('keeps the listing attribute filters in the URL, beside the others', () => {
    const { router, hook } = renderAt('/data?group=type&rooms_min=3&q=casa');
    expect(hook().filters).toEqual({ rooms_min: 3, q: 'casa' });

    act(() => hook().change({ bathrooms_min: 2, parking_min: 1, common_expenses_max: 150_000 }));
    expect(router.state.location.search).toBe(
      '?group=type&q=casa&rooms_min=3&bathrooms_min=2&parking_min=1&common_expenses_max=150000',
    );
    expect(hook().filters).toEqual({
      q: 'casa',
      rooms_min: 3,
      bathrooms_min: 2,
      parking_min: 1,
      common_expenses_max: 150_000,
    });

    act(() => hook().change({ rooms_min: undefined, common_expenses_max: undefined }));
    expect(router.state.location.search).toBe('?group=type&q=casa&bathrooms_min=2&parking_min=1');
  });

  it('builds a second change on the first before the first has rendered, and forgets it after', async () => {
    const { router, hook } = renderAt('/data?group=type');
    const { change } = hook();
    act(() => {
      change({ rooms_min: 3 });
      change({ bathrooms_min: 2 });
    });
    expect(router.state.location.search).toBe('?group=type&rooms_min=3&bathrooms_min=2');

    // Back where the first change started (a link, the back button): a change builds on that.
    await act(() => router.navigate('/data?group=type', { replace: true }));
    act(() => hook().change({ parking_min: 1 }));
    expect(router.state.location.search).toBe('?group=type&parking_min=1');
  });

  it("builds on the latest URL when called from an older render's callback", () => {
    const { router, hook } = renderAt('/data?group=type');
    const stale = hook().change;
    act(() => hook().change({ rooms_min: 3 }));
    expect(router.state.location.search).toBe('?group=type&rooms_min=3');
    // The search box's debounced commit, made before dormitorios was chosen.
    act(() => stale({ q: 'depto' }));
    expect(router.state.location.search).toBe('?group=type&q=depto&rooms_min=3');
  });
});
