import { Card, List, Text, Title } from '@mantine/core';
import { useT } from '@/i18n/use-t';

export type AccessDeniedCardProps = {
  /** The profile call recorded an access request that waits for an administrator. */
  waitlisted: boolean;
  /** Why the profile call failed otherwise, to show as "Error: {message}". */
  error?: string | null;
};

/** What a visitor without access sees on Home, with the two steps to get it. */
export function AccessDeniedCard({ waitlisted, error = null }: AccessDeniedCardProps) {
  const t = useT();
  return (
    <Card withBorder padding="lg" radius="md" maw={560}>
      <Title order={2} size="h3" mb="sm">
        {t('auth.accessDenied.title')}
      </Title>
      <List type="ordered" spacing="xs">
        <List.Item>{t('auth.accessDenied.step1')}</List.Item>
        <List.Item>{t('auth.accessDenied.step2')}</List.Item>
      </List>
      {waitlisted && (
        <Text mt="md" fw={500}>
          {t('auth.waitlisted')}
        </Text>
      )}
      {error !== null && (
        <Text mt="md" c="red" role="alert">
          {t('common.error', { message: error })}
        </Text>
      )}
    </Card>
  );
}
