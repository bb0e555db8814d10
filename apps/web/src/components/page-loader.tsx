import { Center, Loader } from '@mantine/core';

/** Shown while a route's code is still being fetched on the first load. */
export function PageLoader() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading page" />
    </Center>
  );
}
