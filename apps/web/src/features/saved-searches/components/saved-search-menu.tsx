import {
  type Role,
  SAVED_SEARCH_EMAIL_MODES,
  type SavedSearch,
  type SavedSearchEmail,
} from '@bec/contracts';
import { ActionIcon, Box, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId } from 'react';
import { OutlineIcon } from '@/components/outline-icon';
import { openConfirmModal } from '@/components/overlays/overlays-host';
import { useDeleteSavedSearch } from '@/features/saved-searches/api/delete-saved-search';
import { useSetSubscription } from '@/features/saved-searches/api/set-subscription';
import { useUpdateSavedSearch } from '@/features/saved-searches/api/update-saved-search';
import type { MessageId } from '@/i18n/message-id';
import { useT } from '@/i18n/use-t';
import { errorText } from '@/lib/api-error';

/**
 * Who may rename, change and delete a search: its owner, and for a shared one any admin. It
 * mirrors the server's rule (which is the guard), to show only what the member may do.
 */
const canManageSearch = (search: Pick<SavedSearch, 'mine' | 'scope'>, role: Role) =>
  search.mine || (search.scope === 'shared' && role === 'admin');

export type SavedSearchMenuProps = {
  search: SavedSearch;
  role: Role;
  /** The server mails alerts (`alert_mail` of the client configuration): offer the mail choice. */
  alertMail: boolean;
  /** The grid's filters shown now, or null when the grid is not the page (or has none). */
  currentFilters: Record<string, string> | null;
  onRename: () => void;
};

/** The mail choice's items, and what the toast says once one is chosen. */
const EMAIL_LABEL: Record<SavedSearchEmail, MessageId> = {
  off: 'savedSearches.menu.emailOff',
  immediate: 'savedSearches.menu.emailImmediate',
  daily: 'savedSearches.menu.emailDaily',
};
const EMAIL_DONE: Record<SavedSearchEmail, MessageId> = {
  off: 'savedSearches.menu.emailOffDone',
  immediate: 'savedSearches.menu.emailImmediateDone',
  daily: 'savedSearches.menu.emailDailyDone',
};

/** A check mark, before the mail choice that is in force. */
function CheckIcon() {
  return (
    <OutlineIcon size={14}>
      <path d="M5 12l5 5l10 -10" />
    </OutlineIcon>
  );
}

/** Three dots, for the menu's button. */
function DotsIcon() {
  return (
    <OutlineIcon size={16}>
      <circle cx="12" cy="5" r="1" />
      <circle cx="12" cy="12" r="1" />
      <circle cx="12" cy="19" r="1" />
    </OutlineIcon>
  );
}

/**
 * A saved search's menu in the sidebar: Renombrar, Actualizar con los filtros actuales, Seguir or
 * Dejar de seguir, the mail of a followed search when the server sends mail (No enviar, Al
 * instante, Resumen diario), Eliminar (after a confirmation). Only what the member may do is there.
 */
export function SavedSearchMenu({
  search,
  role,
  alertMail,
  currentFilters,
  onRename,
}: SavedSearchMenuProps) {
  const t = useT();
  const update = useUpdateSavedSearch();
  const subscription = useSetSubscription();
  const remove = useDeleteSavedSearch();
  const manage = canManageSearch(search, role);
  const emailLabelId = useId();
  const failed = (error: Error) =>
    notifications.show({
      color: 'red',
      title: t('savedSearches.menu.failed', { name: search.name }),
      message: errorText(error),
    });

  const updateFilters = () => {
    if (currentFilters === null) return;
    update.mutate(
      { id: search.id, body: { filters: currentFilters } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: t('savedSearches.menu.updated', { name: search.name }),
          }),
        onError: failed,
      },
    );
  };

  const chooseEmail = (email: SavedSearchEmail) => {
    subscription.mutate(
      { id: search.id, email },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: t(EMAIL_DONE[email], { name: search.name }),
          }),
        onError: failed,
      },
    );
  };

  const confirmDelete = () =>
    void openConfirmModal({
      title: t('savedSearches.delete.title', { name: search.name }),
      children: (
        <Text size="sm">
          {search.scope === 'shared'
            ? t('savedSearches.delete.bodyShared')
            : t('savedSearches.delete.body')}
        </Text>
      ),
      labels: { confirm: t('savedSearches.delete.confirm'), cancel: t('savedSearches.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(search.id, {
          onSuccess: () =>
            notifications.show({
              color: 'green',
              message: t('savedSearches.delete.done', { name: search.name }),
            }),
          onError: failed,
        }),
    });

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('savedSearches.menu.label', { name: search.name })}
          loading={update.isPending || subscription.isPending || remove.isPending}
        >
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {manage && <Menu.Item onClick={onRename}>{t('savedSearches.menu.rename')}</Menu.Item>}
        {manage && (
          <Menu.Item
            onClick={updateFilters}
            disabled={currentFilters === null}
            title={currentFilters === null ? t('savedSearches.menu.updateHint') : undefined}
          >
            {t('savedSearches.menu.update')}
          </Menu.Item>
        )}
        <Menu.Item
          onClick={() =>
            subscription.mutate(
              { id: search.id, subscribed: !search.subscribed },
              { onError: failed },
            )
          }
        >
          {search.subscribed ? t('savedSearches.menu.unfollow') : t('savedSearches.menu.follow')}
        </Menu.Item>
        {alertMail && search.subscribed && (
          <>
            <Menu.Divider />
            <Menu.Label id={emailLabelId}>{t('savedSearches.menu.email')}</Menu.Label>
            {/* A fieldset (a group) named by the label, so the three choices are read as one. */}
            <Box
              component="fieldset"
              aria-labelledby={emailLabelId}
              m={0}
              p={0}
              miw={0}
              style={{ border: 0 }}
            >
              {SAVED_SEARCH_EMAIL_MODES.map((mode) => (
                <Menu.RadioItem
                  key={mode}
                  value={mode}
                  checked={mode === search.email}
                  checkIcon={<CheckIcon />}
                  closeMenuOnClick
                  onChange={() => chooseEmail(mode)}
                >
                  {t(EMAIL_LABEL[mode])}
                </Menu.RadioItem>
              ))}
            </Box>
            {manage && <Menu.Divider />}
          </>
        )}
        {manage && (
          <Menu.Item color="red" onClick={confirmDelete}>
            {t('savedSearches.menu.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
