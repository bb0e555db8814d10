import { Text } from '@mantine/core';
import { RequireAuth } from '@/app/require-auth';
import { paths } from '@/config/paths';

/** /data: a placeholder in the original too; members only (signed out: Home only, spec §6). */
export function Component() {
  return (
    <RequireAuth signedOutTo={paths.home.getHref()}>
      <Text>Welcome to Data</Text>
    </RequireAuth>
  );
}
