import { IdSchema } from '@bec/contracts';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { RequireAuth } from '@/app/require-auth';
import { paths } from '@/config/paths';
import { PropertyDetailScreen } from '@/features/properties/components/property-detail-screen';

/** The route's id when it is all digits and a valid id (so not "abc", "1e3" or "0"), else null. */
function parsePropertyId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const parsed = IdSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** /properties/:id: members only; a signed-out visitor goes to /home (spec §2). */
export function Component() {
  const id = parsePropertyId(useParams().id);
  return (
    <RequireAuth signedOutTo={paths.home.getHref()}>
      {id === null ? (
        <Stack gap="xs">
          <Text role="alert">Property ID is missing</Text>
          <Anchor component={Link} to={paths.properties.getHref()} size="sm">
            ← Back to properties
          </Anchor>
        </Stack>
      ) : (
        <PropertyDetailScreen id={id} />
      )}
    </RequireAuth>
  );
}
