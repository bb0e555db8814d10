import '@/features/brokers/messages';
import { RequireAuth } from '@/app/require-auth';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/use-auth';
import { BrokersScreen } from '@/features/brokers/components/brokers-screen';
import { usePageTitle } from '@/i18n/use-page-title';
import { canEdit } from '@/lib/can-edit';

/** /brokers: members see the team's brokers; editors and admins manage them. */
export function Component() {
  usePageTitle('nav.brokers');
  const { user } = useAuth();
  const canManage = canEdit(user);
  return (
    <RequireAuth signedOutTo={paths.home.getHref()}>
      <BrokersScreen canManage={canManage} />
    </RequireAuth>
  );
}
