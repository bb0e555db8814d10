import type { Role } from '@bec/contracts';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/use-auth';
import {
  parsePropertyFilters,
  propertyFilterParams,
} from '@/features/properties/api/get-properties';
import { SavedSearchesNav as Nav } from '@/features/saved-searches/components/saved-searches-nav';

export type SavedSearchesNavProps = { role: Role; onNavigate?: (() => void) | undefined };

/**
 * The sidebar's saved searches, with the grid's filters when the grid is the page (a search can
 * take them, and the one they equal is marked), and the mail choice when the server sends mail
 * (`alert_mail` of the client configuration). Loaded after the first screen, as one chunk.
 */
export function SavedSearchesNav({ role, onNavigate }: SavedSearchesNavProps) {
  const { pathname, search } = useLocation();
  const alertMail = useAuth().clientConfig?.alert_mail === true;
  const filters =
    pathname === paths.properties.getHref()
      ? propertyFilterParams(parsePropertyFilters(new URLSearchParams(search)))
      : null;
  const currentFilters = filters !== null && Object.keys(filters).length > 0 ? filters : null;
  return (
    <Nav
      role={role}
      alertMail={alertMail}
      currentFilters={currentFilters}
      onNavigate={onNavigate}
    />
  );
}
