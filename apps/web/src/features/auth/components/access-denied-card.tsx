import { Card, List, Text, Title } from '@mantine/core';
import { WAITLISTED_MESSAGE } from '@/features/auth/auth-machine';

export type AccessDeniedCardProps = {
  /** The profile call recorded an access request that waits for an administrator. */
  waitlisted: boolean;
  /** Why the profile call failed otherwise, to show as "Error: {message}". */
  error?: string | null;
};

/** What a visitor without access sees on Home, with the two steps to get it. */
export function AccessDeniedCard({ waitlisted, error = null }: AccessDeniedCardProps) {
  return (
    <Card withBorder padding="lg" radius="md" maw={560}>
      <Title order={2} size="h3" mb="sm">
        Access Denied
      </Title>
      <List type="ordered" spacing="xs">
        <List.Item>Sign in with your Google account.</List.Item>
        <List.Item>Request access to the project from the administrator.</List.Item>
      </List>
      {waitlisted && (
        <Text mt="md" fw={500}>
          {WAITLISTED_MESSAGE}
        </Text>
      )}
      {error !== null && (
        <Text mt="md" c="red" role="alert">
          Error: {error}
        </Text>
      )}
    </Card>
  );
}
