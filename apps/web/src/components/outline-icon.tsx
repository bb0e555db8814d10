import type { ReactNode } from 'react';

export type OutlineIconProps = { size?: number; children: ReactNode };

/** A 24×24 stroked icon; decorative, so the button it sits in carries the label. */
export function OutlineIcon({ size = 18, children }: OutlineIconProps) {
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
      {children}
    </svg>
  );
}
