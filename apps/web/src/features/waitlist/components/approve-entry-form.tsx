import { type Role, RoleSchema, type WaitlistEntry } from '@bec/contracts';
import { Button, Group, Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useApproveWaitlistEntry } from '@/features/waitlist/api/approve-waitlist-entry';

export type ApproveEntryFormProps = { entry: Pick<WaitlistEntry, 'id' | 'name'> };

/** Grants an access request: pick the role (viewer unless changed), then "Add". */
export function ApproveEntryForm({ entry }: ApproveEntryFormProps) {
  const [role, setRole] = useState<Role>('viewer');
  const { mutate, isPending } = useApproveWaitlistEntry({
    onSuccess: (user) =>
      notifications.show({
        color: 'green',
        message: `${user.name} can now sign in as ${user.role}`,
      }),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Access not granted', message: error.message }),
  });

  return (
    <Group gap="xs" wrap="nowrap">
      <Select<Role>
        aria-label={`Role for ${entry.name}`}
        data={RoleSchema.options}
        value={role}
        onChange={(next) => next !== null && setRole(next)}
        allowDeselect={false}
        disabled={isPending}
        w={120}
      />
      <Button loading={isPending} onClick={() => mutate({ id: entry.id, role })}>
        Add
      </Button>
    </Group>
  );
}
