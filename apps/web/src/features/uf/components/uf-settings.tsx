import { Stack, Text, Title } from '@mantine/core';
import { useCurrentUf } from '@/features/uf/api/get-uf';
import { useT } from '@/i18n/use-t';
import { UfInEffect } from './uf-in-effect';
import { UfValueForm } from './uf-value-form';
import { UfValuesTable } from './uf-values-table';

/** The admin's settings screen: the UF in effect, entering one by hand, and the stored values. */
export function UfSettings() {
  const t = useT();
  const current = useCurrentUf();
  return (
    <Stack gap="lg">
      <Title order={2}>{t('settings.title')}</Title>
      <Stack gap="sm">
        <Title order={3}>{t('uf.title')}</Title>
        <Text size="sm" c="dimmed" maw={640}>
          {t('uf.explainer')}
        </Text>
        <UfInEffect />
      </Stack>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('uf.form.title')}
        </Title>
        {current.data && <UfValueForm today={current.data.today} />}
      </Stack>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('uf.values.title')}
        </Title>
        <UfValuesTable />
      </Stack>
    </Stack>
  );
}
