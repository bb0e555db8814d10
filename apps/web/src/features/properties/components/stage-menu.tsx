import {
  MAX_DISCARD_REASON,
  PROPERTY_STAGES,
  type PropertyDetail,
  type PropertyStage,
} from '@bec/contracts';
import { Button, Group, Menu, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useMovePropertyStage } from '@/features/properties/api/move-property-stage';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/api-error';
import { stageLabel } from '@/lib/stages';

/**
 * "Cambiar etapa" on a property's page (editors and admins): the other stages as a menu; to
 * Descartada, the reason is asked first. Sent with the version the page loaded (409 if stale).
 */
export function StageMenu({
  property,
  userId,
}: {
  property: PropertyDetail;
  userId?: number | undefined;
}) {
  const t = useT();
  const move = useMovePropertyStage(userId);
  const [discarding, setDiscarding] = useState(false);
  const [reason, setReason] = useState('');
  const send = (stage: PropertyStage, discard_reason: string | null = null) =>
    move.mutate(
      { property, body: { stage, discard_reason, updated_at: property.updated_at } },
      {
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: t('properties.stageMenu.failed', { reason: errorText(error) }),
          }),
      },
    );
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="light" size="compact-sm" loading={move.isPending}>
            {t('properties.stageMenu.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {PROPERTY_STAGES.filter((stage) => stage !== property.stage).map((stage) => (
            <Menu.Item
              key={stage}
              onClick={() => (stage === 'discarded' ? setDiscarding(true) : send(stage))}
            >
              {t(stageLabel(stage))}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={discarding}
        onClose={() => setDiscarding(false)}
        title={t('properties.stageMenu.discardTitle')}
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason.trim()) return;
            setDiscarding(false);
            send('discarded', reason.trim());
            setReason('');
          }}
        >
          <Stack>
            <TextInput
              label={t('properties.form.discardReason')}
              withAsterisk
              required
              data-autofocus
              maxLength={MAX_DISCARD_REASON}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button type="submit" color="red">
                {t(stageLabel('discarded'))}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
