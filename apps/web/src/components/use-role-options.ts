import { type Role, RoleSchema } from '@bec/contracts';
import type { ComboboxItem } from '@mantine/core';
import type { MessageId } from '@/i18n/message-id';
import { useT } from '@/i18n/use-t';

/** A role's name as people read it (the keys are the shell's: the user menu shows them too). */
export const ROLE_NAME = {
  viewer: 'role.viewer',
  editor: 'role.editor',
  admin: 'role.admin',
} as const satisfies Record<Role, MessageId>;

/** The roles for a select: the value sent to the API, the name in the current language. */
export function useRoleOptions(): Array<ComboboxItem & { value: Role }> {
  const t = useT();
  return RoleSchema.options.map((role) => ({ value: role, label: t(ROLE_NAME[role]) }));
}
