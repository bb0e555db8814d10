import '@/features/uf/messages';
import { RequireAdmin } from '@/app/require-auth';
import { UfSettings } from '@/features/uf/components/uf-settings';
import { usePageTitle } from '@/i18n/use-page-title';

/** /settings: admins only (the UF value); everyone else goes to /home. */
export function Component() {
  return (
    <RequireAdmin>
      <SettingsPage />
    </RequireAdmin>
  );
}

function SettingsPage() {
  usePageTitle('settings.title');
  return <UfSettings />;
}
