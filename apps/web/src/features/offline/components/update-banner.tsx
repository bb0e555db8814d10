import { Button, Group, Paper, Text } from '@mantine/core';
import { useT } from '@/i18n/use-t';
import '@/features/offline/messages';

export type UpdateBannerProps = {
  /** Switches to the new version and reloads the page. */
  onUpdate: () => void;
};

/**
 * "Nueva versión disponible · Actualizar", at the bottom of the screen, above the page: a status
 * (read out once, not an alert) with a named button. The page reloads only when it is pressed.
 */
export function UpdateBanner({ onUpdate }: UpdateBannerProps) {
  const t = useT();
  return (
    <Paper
      role="status"
      shadow="md"
      withBorder
      px="md"
      py="xs"
      style={{
        position: 'fixed',
        insetInline: 0,
        bottom: 'var(--mantine-spacing-md)',
        marginInline: 'auto',
        width: 'max-content',
        maxWidth: 'calc(100vw - 2 * var(--mantine-spacing-md))',
        zIndex: 300,
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <Text size="sm">{t('offline.updateReady')}</Text>
        <Button size="xs" onClick={onUpdate}>
          {t('offline.update')}
        </Button>
      </Group>
    </Paper>
  );
}
