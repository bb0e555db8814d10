import { ActionIcon, Indicator, Popover, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';
import { useUnreadAlerts } from '@/features/alerts/api/get-unread-alerts';
import { AlertList } from '@/features/alerts/components/alert-list';
import { BellIcon } from '@/features/alerts/components/bell-icon';
import { useT } from '@/i18n/use-t';
import '@/features/alerts/messages';

/** More unread than this shows as "99+". */
const SHOWN_MAX = 99;

/**
 * The header's bell, for every member: the number of unread alerts (fetched again every minute
 * and on focus) and, on a click, the list of alerts.
 */
export function AlertsBell() {
  const t = useT();
  const dropdownId = useId();
  const [opened, { toggle, close }] = useDisclosure(false);
  const unread = useUnreadAlerts().data?.unread ?? 0;
  const label = unread > 0 ? t('alerts.bellUnread', { count: unread }) : t('alerts.bell');

  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? undefined : close())}
      position="bottom-end"
      width={320}
      shadow="md"
      trapFocus
      // The button and the list carry their own names and roles (the Indicator would name the list "2").
      withRoles={false}
    >
      <Popover.Target>
        <Indicator
          label={unread > SHOWN_MAX ? `${SHOWN_MAX}+` : unread}
          disabled={unread === 0}
          size={16}
          offset={4}
          color="red"
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            aria-expanded={opened}
            aria-controls={opened ? dropdownId : undefined}
            aria-haspopup="dialog"
            onClick={toggle}
          >
            <BellIcon />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown id={dropdownId} role="dialog" aria-label={t('alerts.title')} p="xs">
        <ScrollArea.Autosize mah="70vh" type="auto">
          {opened && <AlertList unread={unread} onNavigate={close} />}
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
