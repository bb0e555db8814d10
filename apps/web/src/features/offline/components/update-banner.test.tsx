import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OfflineNotice } from '@/features/offline/components/offline-notice';
import { UpdateBanner } from '@/features/offline/components/update-banner';
import { activateLocale } from '@/i18n/i18n';
import { renderWithProviders } from '@/testing/render';

describe('UpdateBanner', () => {
  it('is a status with a named button that switches to the new version', async () => {
    const onUpdate = vi.fn();
    renderWithProviders(<UpdateBanner onUpdate={onUpdate} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('New version available');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });

  it('speaks Spanish when Spanish is the language', async () => {
    await act(() => activateLocale('es-CL'));
    renderWithProviders(<UpdateBanner onUpdate={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('Nueva versión disponible');
    expect(screen.getByRole('button', { name: 'Actualizar' })).toBeVisible();
  });
});

describe('OfflineNotice', () => {
  it('says why the data does not load, in both languages', async () => {
    renderWithProviders(<OfflineNotice />);
    expect(screen.getByRole('status')).toHaveTextContent("Offline: data can't load");
    await act(() => activateLocale('es-CL'));
    expect(screen.getByRole('status')).toHaveTextContent('Sin conexión');
  });
});
