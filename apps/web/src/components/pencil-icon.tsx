export type PencilIconProps = { size?: number };

/** A pencil outline for edit buttons; decorative, so the button carries the label. */
export function PencilIcon({ size = 18 }: PencilIconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 20h4L18.5 9.5a2.12 2.12 0 0 0-4-4L4 16v4" />
      <path d="M13.5 6.5l4 4" />
    </svg>
  );
}
