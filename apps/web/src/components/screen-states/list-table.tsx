import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A column's heading: its text, or its text and alignment (figures line up on the right). */
type Heading = string | { label: string; align: 'right' };

export type ListTableProps = {
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth: number;
  /** Each column's heading, in order; `false` leaves a column out. */
  headings: readonly (Heading | false)[];
  /** The rows (`Table.Tr`). */
  children: ReactNode;
};

/** A screen's list as a striped table under its headings. */
export function ListTable({ minWidth, headings, children }: ListTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {headings.map((heading) =>
              heading === false ? null : typeof heading === 'string' ? (
                <Table.Th key={heading}>{heading}</Table.Th>
              ) : (
                <Table.Th key={heading.label} ta={heading.align}>
                  {heading.label}
                </Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
