import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card for one part of a page (a property's details, history, comparables). */
export function SectionCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
