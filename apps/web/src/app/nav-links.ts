import type { Role } from '@bec/contracts';
import { paths } from '@/config/paths';
import type { AuthStatus } from '@/features/auth/auth-machine';
import type { MessageId } from '@/i18n/message-id';

export type NavLinkItem = { label: MessageId; href: string };

const home: NavLinkItem = { label: 'nav.home', href: paths.home.getHref() };
const properties: NavLinkItem = { label: 'nav.properties', href: paths.properties.getHref() };
const board: NavLinkItem = { label: 'nav.board', href: paths.board.getHref() };
const brokers: NavLinkItem = { label: 'nav.brokers', href: paths.brokers.getHref() };
const data: NavLinkItem = { label: 'nav.data', href: paths.data.getHref() };
const audit: NavLinkItem = { label: 'nav.audit', href: paths.audit.getHref() };
const users: NavLinkItem = { label: 'nav.users', href: paths.users.getHref() };
const settings: NavLinkItem = { label: 'nav.settings', href: paths.settings.getHref() };

/**
 * The sidebar's links (docs/product.md, Screens and routes): none while loading, Home when signed out, Home, Properties, Board,
 * Brokers and Data for a member, and Users, Audit and Settings too for an admin. It only mirrors
 * the server's rules.
 */
export function navLinksFor(status: AuthStatus, role: Role | null): NavLinkItem[] {
  switch (status) {
    case 'loading':
      return [];
    case 'unauthenticated':
      return [home];
    case 'authenticated':
      return role === 'admin'
        ? [home, properties, board, brokers, data, users, audit, settings]
        : [home, properties, board, brokers, data];
  }
}
