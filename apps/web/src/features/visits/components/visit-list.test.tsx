import type { Visit } from '@bec/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import Overlays from '@/components/overlays/overlays';
import '@/features/visits/messages';
import { VisitList } from '@/features/visits/components/visit-list';
import { formatDateTime } from '@/lib/format';
import { renderWithProviders } from '@/testing/render';

const photo = (id: number) => ({
  id,
  url: `/photos/p${id}/gallery?sig=x`,
  thumbnail_url: `/photos/p${id}/card?sig=x`,
  original_url: `/photos/p${id}/original?sig=x`,
  width: 800,
  height: 600,
});

const past: Visit = {
  id: 1,
  property_id: 7,
  visited_at: '2026-03-02T14:30:00.000Z',
  visitor: { id: 2, name: 'Elena Editora' },
  notes: 'Buena luz',
  rating: 4,
  photos: [photo(10), photo(11)],
  created_by_name: 'Ana Admin',
  updated_at: '2026-03-02T15:00:00.000Z',
};
const ahead: Visit = {
  ...past,
  id: 2,
  visited_at: '2026-12-01T13:00:00.000Z',
  visitor: null,
  notes: null,
  rating: null,
  photos: [],
};
const NOW = Date.parse('2026-11-24T12:00:00Z');

describe('VisitList', () => {
  it('shows each visit: when, who, the rating, notes and photo thumbnails', () => {
    renderWithProviders(<VisitList visits={[ahead, past]} canManage={false} now={NOW} />);
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(formatDateTime(ahead.visited_at));
    expect(items[0]).toHaveTextContent('Upcoming');
    expect(items[0]).toHaveTextContent('Deleted member');
    expect(items[1]).toHaveTextContent('Visited by Elena Editora');
    expect(items[1]).toHaveTextContent('Buena luz');
    expect(items[1]).toHaveTextContent('Logged by Ana Admin');
    expect(screen.getAllByLabelText('Rating: 4 of 5').length).toBeGreaterThan(0);
    const thumbs = screen.getAllByRole('img');
    expect(thumbs.map((img) => img.getAttribute('src'))).toEqual([
      '/photos/p10/card?sig=x',
      '/photos/p11/card?sig=x',
    ]);
    expect(screen.queryByRole('button', { name: /Edit the visit/ })).toBeNull();
  });

  it('offers edit and delete to editors, for the visit they are on (delete once confirmed)', async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    renderWithProviders(
      <>
        <Overlays />
        <VisitList visits={[past]} canManage onEdit={onEdit} onDelete={onDelete} now={NOW} />
      </>,
    );
    const date = formatDateTime(past.visited_at);
    await userEvent.click(screen.getByRole('button', { name: `Edit the visit of ${date}` }));
    expect(onEdit).toHaveBeenCalledWith(past);
    await userEvent.click(screen.getByRole('button', { name: `Delete the visit of ${date}` }));
    expect(onDelete).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog', { name: `Delete the visit of ${date}?` });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(past);
  });

  it('says when there are none', () => {
    renderWithProviders(<VisitList visits={[]} canManage />);
    expect(screen.getByText('No visits logged yet.')).toBeInTheDocument();
  });
});
