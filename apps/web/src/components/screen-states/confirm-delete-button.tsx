import { ActionIcon, type ActionIconProps, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { openConfirmModal } from '@/components/overlays/overlays-host';
import { TrashIcon } from '@/components/trash-icon';

export type ConfirmDeleteButtonProps = {
  /** The button's name, which says what it deletes ("Eliminar a Ana"). */
  label: string;
  /** The dialog's title and sentence, naming what goes. */
  title: string;
  body: ReactNode;
  /** The dialog's two buttons. */
  confirm: string;
  cancel: string;
  /** The delete is on its way. */
  pending?: boolean;
  onConfirm: () => void;
  size?: ActionIconProps['size'];
};

/** A bin that deletes only after a confirm dialog whose red button says so. */
export function ConfirmDeleteButton({
  label,
  title,
  body,
  confirm,
  cancel,
  pending = false,
  onConfirm,
  size,
}: ConfirmDeleteButtonProps) {
  const ask = () =>
    void openConfirmModal({
      title,
      children: <Text size="sm">{body}</Text>,
      labels: { confirm, cancel },
      confirmProps: { color: 'red' },
      onConfirm,
    });
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      size={size}
      aria-label={label}
      loading={pending}
      onClick={ask}
    >
      <TrashIcon />
    </ActionIcon>
  );
}
