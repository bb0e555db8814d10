import { Center, Loader } from '@mantine/core';
import { useT } from '@/i18n/use-t';

/** Shown while a route's code is still being fetched on the first load. */
export function PageLoader() {
  const t = useT();
  return (
    <Center py="xl">
      <Loader aria-label={t('status.loadingPage')} />
    </Center>
  );
}
