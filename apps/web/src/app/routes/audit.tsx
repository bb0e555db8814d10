import '@/features/history/messages';
import { Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { RequireAdmin } from '@/app/require-auth';
import type { AuditFilters } from '@/features/history/api/get-audit';
import { AuditScreen, auditFiltersOf } from '@/features/history/components/audit-screen';
import { usePageTitle } from '@/i18n/use-page-title';
import { useT } from '@/i18n/use-t';

/** /audit: admins only (everyone else goes to /home); the filters live in the URL. */
export function Component() {
  usePageTitle('nav.audit');
  return (
    <RequireAdmin>
      <AuditPage />
    </RequireAdmin>
  );
}

function AuditPage() {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const filters = auditFiltersOf(search);
  const onFiltersChange = (next: AuditFilters) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value) params.set(key, value);
    setSearch(params);
  };
  return (
    <Stack gap="md">
      <Title order={2}>{t('nav.audit')}</Title>
      <AuditScreen filters={filters} onFiltersChange={onFiltersChange} />
    </Stack>
  );
}
