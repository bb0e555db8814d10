import { OutlineIcon } from '@/components/outline-icon';

export type TrashIconProps = { size?: number };

/** A waste-bin outline for delete buttons. */
export function TrashIcon({ size }: TrashIconProps) {
  return (
    <OutlineIcon size={size}>
      <path d="M4 7h16" />
      <path d="M10 11v6" />
      <path d="M14 11v6" />
      <path d="M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12" />
      <path d="M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3" />
    </OutlineIcon>
  );
}
