import { OutlineIcon } from '@/components/outline-icon';

export type PencilIconProps = { size?: number };

/** A pencil outline for edit buttons. */
export function PencilIcon({ size }: PencilIconProps) {
  return (
    <OutlineIcon size={size}>
      <path d="M4 20h4L18.5 9.5a2.12 2.12 0 0 0-4-4L4 16v4" />
      <path d="M13.5 6.5l4 4" />
    </OutlineIcon>
  );
}
