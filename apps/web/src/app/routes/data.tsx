import { Text } from '@mantine/core';

/** /data: a placeholder in the original too. */
export function Component() {
  return <Text>Welcome to Data</Text>;
}
