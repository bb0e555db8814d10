import { SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';

export type PhotoGridProps = { label: string; children: ReactNode };

/** Photo tiles as a named list, two to four across: the picker's and the edit form's alike. */
export function PhotoGrid({ label, children }: PhotoGridProps) {
  return (
    <SimpleGrid
      component="ul"
      aria-label={label}
      cols={{ base: 2, xs: 3, sm: 4 }}
      spacing="sm"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {children}
    </SimpleGrid>
  );
}
