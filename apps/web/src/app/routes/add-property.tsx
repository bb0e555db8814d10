import { Text } from '@mantine/core';

/** Placeholder while the screen is built (issue 4). */
export function Component() {
  return <Text>Coming soon.</Text>;
}
