import { Stack, Text, Title } from '@mantine/core';
import { RequireAuth } from '@/app/require-auth';
import { paths } from '@/config/paths';

/** /properties: members only; a signed-out visitor goes to / (spec §2). Placeholder for now. */
export function Component() {
  return (
    <RequireAuth signedOutTo={paths.root.getHref()}>
      <Stack gap="xs">
        <Title order={2}>Properties</Title>
        <Text>The property list arrives in the next release.</Text>
      </Stack>
    </RequireAuth>
  );
}
