import { MantineProvider, Modal, Notification } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '@/app/theme';
import { activateLocale } from '@/i18n/i18n';

function DialogAndToast() {
  return (
    <MantineProvider theme={theme} env="test">
      <Modal opened onClose={() => undefined} title="Dialog">
        Body
      </Modal>
      <Notification onClose={() => undefined}>Saved</Notification>
    </MantineProvider>
  );
}

describe('the theme', () => {
  it('names the close button of every dialog and toast (issue 30)', () => {
    render(<DialogAndToast />);
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close notification' })).toBeInTheDocument();
  });

  it('names them in Spanish when Spanish is the language', async () => {
    await act(() => activateLocale('es-CL'));
    render(<DialogAndToast />);
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar aviso' })).toBeInTheDocument();
  });
});
