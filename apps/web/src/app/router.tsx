import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppLayout } from '@/app/app-shell';
import { RouteError } from '@/app/route-error';
import { Component as Home } from '@/app/routes/home';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';

/**
 * Each page is its own chunk (`lazy`), loaded when first visited, but for Home. The shell is not:
 * it renders at once, with PageLoader in its outlet while the first page's code arrives.
 */
export const routes: RouteObject[] = [
  {
    path: paths.root.path,
    Component: AppLayout,
    ErrorBoundary: RouteError,
    children: [
      { index: true, element: <Navigate to={paths.home.getHref()} replace /> },
      // Home is where a first visit lands, and its card is that screen's largest paint: in the
      // first load, not a chunk fetched after it.
      { path: paths.home.path, Component: Home },
      {
        path: paths.properties.path,
        lazy: () => import('@/app/routes/properties'),
        HydrateFallback: PageLoader,
      },
      {
        path: paths.property.path,
        lazy: () => import('@/app/routes/property-detail'),
        HydrateFallback: PageLoader,
      },
      {
        path: paths.propertyEdit.path,
        lazy: () => import('@/app/routes/property-edit'),
        HydrateFallback: PageLoader,
      },
      {
        path: paths.addProperty.path,
        lazy: () => import('@/app/routes/add-property'),
        HydrateFallback: PageLoader,
      },
      {
        path: paths.board.path,
        lazy: () => import('@/app/routes/board'),
        HydrateFallback: PageLoader,
      },
      {
        path: paths.brokers.path,
        lazy: () => import('@/app/routes/brokers'),
        HydrateFallback: PageLoader,
      },
      {
        path: paths.broker.path,
        lazy: () => import('@/app/routes/broker-detail'),
        HydrateFallback: PageLoader,
      },
      {
        path: paths.audit.path,
        lazy: () => import('@/app/routes/audit'),
        HydrateFallback: PageLoader,
      },
      {
        path: paths.data.path,
        lazy: () => import('@/app/routes/data'),
        HydrateFallback: PageLoader,
      },
      {
        path: paths.users.path,
        lazy: () => import('@/app/routes/users'),
        HydrateFallback: PageLoader,
      },
      {
        path: paths.waitlist.path,
        lazy: () => import('@/app/routes/waitlist'),
        HydrateFallback: PageLoader,
      },
      {
        path: paths.settings.path,
        lazy: () => import('@/app/routes/settings'),
        HydrateFallback: PageLoader,
      },
      {
        path: paths.authCallback.path,
        lazy: () => import('@/app/routes/auth-callback'),
        HydrateFallback: PageLoader,
      },
      { path: '*', lazy: () => import('@/app/routes/not-found'), HydrateFallback: PageLoader },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
