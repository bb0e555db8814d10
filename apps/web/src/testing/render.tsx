import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType, ReactElement, ReactNode } from 'react';
// RouterProvider from 'react-router', not 'react-router/dom' as in app.tsx: under Node the two
// entry points load different builds of react-router (CommonJS and ESM), each with its own router
// context, so a page would not see the router of a 'react-router/dom' provider.
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
