import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Overlays from '@/components/overlays/overlays';
import type { AuthContextValue } from '@/features/auth/auth-context';
import { FakeAuthProvider, fakeAuth, signedInAuth } from '@/features/auth/testing/fake-auth';
import { activateLocale, currentLocale } from '@/i18n/i18n';
import { setAccessTokenSource } from '@/lib/access-token';
import { renderWithProviders } from '@/testing/render';
import { errorReply, okReply, stubApi } from '@/testing/stub-api';
import { UserMenu } from './user-menu';

function renderMenu(auth: AuthContextValue) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <FakeAuthProvider value={auth}>
      <Overlays />
      {children}
    </FakeAuthProvider>
  );
  renderWithProviders(<UserMenu />, { wrapper });
}

const chooseEnglish = async (name: string) => {
  await userEvent.click(screen.getByRole('button', { name }));
  await userEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
};

beforeEach(async () => {
  await activateLocale('es-CL');
});

afterEach(() => {
  vi.unstubAllGlobals();
  setAccessTokenSource(null);
  notifications.clean();
});

describe('UserMenu: the language', () => {
  it("switches BEC's language and tells the server, which writes the member's alert mail in it", async () => {
    const api = stubApi({ 'PUT /api/users/me/locale': okReply({ locale: 'en' }) });
    renderMenu(signedInAuth('viewer'));
    await chooseEnglish('Pat viewer');
    expect(currentLocale()).toBe('en');
    await waitFor(() => expect(api.requestsTo('PUT /api/users/me/locale')).toHaveLength(1));
    expect(api.requestsTo('PUT /api/users/me/locale')[0]?.body).toEqual({ locale: 'en' });
    // Choosing the language already in use sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Pat viewer' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
    expect(api.requestsTo('PUT /api/users/me/locale')).toHaveLength(1);
  });

  it('keeps the new language on screen and says when the server could not save it', async () => {
    stubApi({
      'PUT /api/users/me/locale': errorReply(503, 'SERVICE_UNAVAILABLE', 'Database unavailable.'),
    });
    renderMenu(signedInAuth('editor'));
    await chooseEnglish('Pat editor');
    expect(
      await screen.findByText('The language of your mail could not be saved'),
    ).toBeInTheDocument();
    expect(currentLocale()).toBe('en');
  });

  it('sends nothing for an account that is not a member', async () => {
    const api = stubApi({});
    renderMenu(
      fakeAuth({
        status: 'authenticated',
        session: { subject: 'sub-9', name: 'Nadie', email: 'nadie@example.com' },
        user: null,
        waitlisted: true,
      }),
    );
    await chooseEnglish('Nadie');
    expect(currentLocale()).toBe('en');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});
