import type { Role, WaitlistEntry } from '@bec/contracts';
import { Button, Group, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ROLE_NAME, useRoleOptions } from '@/components/use-role-options';
import { useApproveWaitlistEntry } from '@/features/waitlist/api/approve-waitlist-entry';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/api-error';

export type ApproveEntryFormProps = { entry: Pick<WaitlistEntry, 'id' | 'name'> };

/** Grants an access request: pick the role (viewer unless changed), then "Add". */
export function ApproveEntryForm({ entry }: ApproveEntryFormProps) {
  const t = useT();
  const roles = useRoleOptions();
  const [role, setRole] = useState<Role>('viewer');
  const { mutate, isPending } = useApproveWaitlistEntry({
    onSuccess: (user) =>
      notifications.show({
        color: 'green',
        message: t('waitlist.approve.done', { name: user.name, role: t(ROLE_NAME[user.role]) }),
      }),
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: t('waitlist.approve.failed'),
        message: errorText(error),
      }),
  });

  return (
    <Group gap="xs" wrap="nowrap">
      <Select<Role>
        aria-label={t('waitlist.approve.roleLabel', { name: entry.name })}
        data={roles}
        value={role}
        onChange={(next) => next !== null && setRole(next)}
        allowDeselect={false}
        disabled={isPending}
        w={120}
      />
      <Button loading={isPending} onClick={() => mutate({ id: entry.id, role })}>
        {t('waitlist.approve.submit')}
      </Button>
    </Group>
  );
}
