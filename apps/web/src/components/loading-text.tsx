import { Text } from '@mantine/core';

/** What a screen shows while the session status is still loading (the spec's "Loading..."). */
export function LoadingText() {
  return <Text role="status">Loading...</Text>;
}
