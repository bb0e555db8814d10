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
  it('says why the data does not load when nothing is saved, in both languages', async () => {
    renderWithProviders(<OfflineNotice savedAt={null} needsNetwork={false} />);
    expect(screen.getByRole('status')).toHaveTextContent("Offline: data can't load");
    await act(() => activateLocale('es-CL'));
    expect(screen.getByRole('status')).toHaveTextContent('Sin conexión');
  });

  it("says when today's saved data is from, on Chile's clock, in both languages", async () => {
    // 17:32 UTC is 14:32 in Santiago in November (summer time, UTC-3).
    const savedAt = Date.parse('2026-11-27T17:32:00Z');
    const now = Date.parse('2026-11-27T19:00:00Z');
    renderWithProviders(<OfflineNotice savedAt={savedAt} needsNetwork={false} now={now} />);
    expect(screen.getByRole('status')).toHaveTextContent('Offline · data saved at 2:32 PM');
    await act(() => activateLocale('es-CL'));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Sin conexión · datos guardados a las 14:32',
    );
  });

  it('gives the day too when the data is from another day', async () => {
    const savedAt = Date.parse('2026-11-25T17:32:00Z');
    const now = Date.parse('2026-11-27T19:00:00Z');
    await act(() => activateLocale('es-CL'));
    renderWithProviders(<OfflineNotice savedAt={savedAt} needsNetwork={false} now={now} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Sin conexión · datos guardados el 25-11-2026 a las 14:32',
    );
  });

  it('says plainly when the screen needs the network', async () => {
    renderWithProviders(<OfflineNotice savedAt={null} needsNetwork />);
    expect(screen.getByRole('status')).toHaveTextContent('This screen needs the network');
    await act(() => activateLocale('es-CL'));
    expect(screen.getByRole('status')).toHaveTextContent('Esta pantalla necesita conexión');
  });
});
