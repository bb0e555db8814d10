import { Button } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { openConfirmModal } from '@/components/overlays/overlays-host';
import { renderWithProviders } from '@/testing/render';

afterEach(() => vi.unstubAllGlobals());

it('a confirm dialog opened before the overlays have loaded shows once they are there', async () => {
  // The app's own provider: its overlays wait for an idle browser (jsdom: a second), and the
  // click comes before that. The sign-in never answers.
  vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined));
  const onConfirm = vi.fn();
  renderWithProviders(
    <AppProvider>
      <Button
        onClick={() =>
          void openConfirmModal({
            title: 'Delete it?',
            labels: { confirm: 'Delete', cancel: 'Cancel' },
            onConfirm,
          })
        }
      >
        Ask
      </Button>
    </AppProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete it?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(onConfirm).toHaveBeenCalledOnce();
});
