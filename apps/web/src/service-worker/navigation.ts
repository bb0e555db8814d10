import { paths } from '../config/paths';

/**
 * Paths the server owns, never the SPA's: the API, the sign-in provider (embedded or not, its
 * interaction pages), the OpenAPI docs, probes and metrics, photo links and upload URLs. A
 * navigation to one always goes to the network, even where it would look like an app route.
 */
export const SERVER_PATHS =
  /^\/(api|oidc|dev-signin|docs|metrics|healthz|readyz|photos|storage)(\/|\?|$)/;

/** `/properties/:id/edit` → a RegExp of the URL's path and query, `:id` one segment. */
const routePattern = (path: string) =>
  new RegExp(
    `^${path
      .split('/')
      .map((segment) =>
        segment.startsWith(':') ? '[^/?#]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/')}(\\?.*)?$`,
  );

/**
 * The SPA's own routes (config/paths.ts), the only navigations the service worker answers with
 * the cached index.html. Anything else (an unknown path, a server page) goes to the network as
 * if there were no service worker.
 */
export const APP_ROUTES = Object.values(paths).map(({ path }) => routePattern(path));

/** Whether a navigation to this path and query gets the app's shell from the cache. */
export const isAppNavigation = (pathAndQuery: string) =>
  !SERVER_PATHS.test(pathAndQuery) && APP_ROUTES.some((route) => route.test(pathAndQuery));
