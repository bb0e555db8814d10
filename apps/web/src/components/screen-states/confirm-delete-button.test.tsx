import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import Overlays from '@/components/overlays/overlays';
import { ConfirmDeleteButton } from '@/components/screen-states/confirm-delete-button';
import { renderWithProviders } from '@/testing/render';

const WithOverlays = ({ children }: { children: ReactNode }) => (
  <>
    <Overlays />
    {children}
  </>
);

function renderButton(onConfirm: () => void, pending = false) {
  return renderWithProviders(
    <ConfirmDeleteButton
      label="Delete Ana"
      title="Delete Ana?"
      body="Ana loses access."
      confirm="Delete"
      cancel="Cancel"
      pending={pending}
      onConfirm={onConfirm}
    />,
    { wrapper: WithOverlays },
  );
}

describe('ConfirmDeleteButton', () => {
  it('deletes only once the dialog that names it is confirmed', async () => {
    const onConfirm = vi.fn();
    renderButton(onConfirm);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Ana' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Ana?' });
    expect(dialog).toHaveTextContent('Ana loses access.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Ana' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Ana?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('shows that the delete is on its way', () => {
    renderButton(() => undefined, true);
    expect(screen.getByRole('button', { name: 'Delete Ana' })).toHaveAttribute('data-loading');
  });
});
