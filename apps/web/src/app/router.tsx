import { type ComponentType, lazy, type ReactElement } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from '@/app/app-shell';
import { RouteErrorBoundary } from '@/app/route-error';
import { Component as Home } from '@/app/routes/home';
import { paths } from '@/config/paths';

/**
 * A page in a chunk of its own, loaded when its route first renders: AppLayout's Suspense shows
 * PageLoader while the first page's code arrives, and a later navigation (a transition) keeps the
 * page on screen until the next one's code is there.
 */
function lazyPage(load: () => Promise<{ Component: ComponentType }>): ReactElement {
  const Page = lazy(() => load().then(({ Component }) => ({ default: Component })));
  return <Page />;
}

/**
 * Each page is its own chunk, loaded when first visited, but for Home. The shell is not: it
 * renders at once, with PageLoader in its outlet while the first page's code arrives. Route
 * objects with elements, rendered by `useRoutes` under a `BrowserRouter` (app.tsx): React
 * Router's data router, which `lazy` routes need, weighs more in the first load (ADR 052).
 */
export const routes: RouteObject[] = [
  {
    path: paths.root.path,
    element: (
      <RouteErrorBoundary>
        <AppLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, element: <Navigate to={paths.home.getHref()} replace /> },
      // Home is where a first visit lands, and its card is that screen's largest paint: in the
      // first load, not a chunk fetched after it.
      { path: paths.home.path, element: <Home /> },
      { path: paths.properties.path, element: lazyPage(() => import('@/app/routes/properties')) },
      {
        path: paths.property.path,
        element: lazyPage(() => import('@/app/routes/property-detail')),
      },
      {
        path: paths.propertyEdit.path,
        element: lazyPage(() => import('@/app/routes/property-edit')),
      },
      {
        path: paths.addProperty.path,
        element: lazyPage(() => import('@/app/routes/add-property')),
      },
      { path: paths.quickAdd.path, element: lazyPage(() => import('@/app/routes/quick-add')) },
      { path: paths.board.path, element: lazyPage(() => import('@/app/routes/board')) },
      { path: paths.brokers.path, element: lazyPage(() => import('@/app/routes/brokers')) },
      { path: paths.broker.path, element: lazyPage(() => import('@/app/routes/broker-detail')) },
      { path: paths.audit.path, element: lazyPage(() => import('@/app/routes/audit')) },
      { path: paths.data.path, element: lazyPage(() => import('@/app/routes/data')) },
      { path: paths.users.path, element: lazyPage(() => import('@/app/routes/users')) },
      { path: paths.waitlist.path, element: lazyPage(() => import('@/app/routes/waitlist')) },
      { path: paths.settings.path, element: lazyPage(() => import('@/app/routes/settings')) },
      {
        path: paths.authCallback.path,
        element: lazyPage(() => import('@/app/routes/auth-callback')),
      },
      { path: '*', element: lazyPage(() => import('@/app/routes/not-found')) },
    ],
  },
];
