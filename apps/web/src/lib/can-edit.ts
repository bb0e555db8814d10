import type { User } from '@bec/contracts';

/**
 * Whether a member may change the team's data (add, edit, move, delete): editors and admins.
 * The server enforces the same (ADR 003); this only decides which controls to show.
 */
export const canEdit = (user: Pick<User, 'role'> | null | undefined): boolean =>
  user?.role === 'editor' || user?.role === 'admin';
