import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType, ReactElement, ReactNode } from 'react';
// A memory data router over the same route objects the app renders with `useRoutes` (router.tsx),
// for tests to read where a page ended up (`router.state.location`). From 'react-router', not
// 'react-router/dom': under Node the two entry points load different builds of react-router
// (CommonJS and ESM), each with its own router context.
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';

export type Wrapper = ComponentType<{ children: ReactNode }>;

/** A query client for one test: no retries, so failures show at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/** Renders `ui` inside Mantine and a fresh query cache, then inside `wrapper` (e.g. an auth context). */
export function renderWithProviders(
  ui: ReactElement,
  {
    wrapper: Inner,
    queryClient = createTestQueryClient(),
  }: { wrapper?: Wrapper; queryClient?: QueryClient } = {},
) {
  const Providers = ({ children }: { children: ReactNode }) => (
    // env="test": no transitions and no portals, so what opens is there at once.
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        {Inner ? <Inner>{children}</Inner> : children}
      </QueryClientProvider>
    </MantineProvider>
  );
  return { queryClient, ...render(ui, { wrapper: Providers }) };
}

/** Renders a route tree at `path` in a memory router; answers the router to read where it ended. */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  options: { wrapper?: Wrapper; queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />, options) };
}
