import type { Role } from '@bec/contracts';
import { Badge, Button, Menu, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useSetMyLocale } from '@/features/auth/api/set-my-locale';
import { useAuth } from '@/features/auth/use-auth';
import { LOCALES, type Locale } from '@/i18n/locale';
import type { MessageId } from '@/i18n/message-id';
import { useLocale, useT } from '@/i18n/use-t';
import { errorText } from '@/lib/api-error';

const ROLE_LABEL: Record<Role, MessageId> = {
  viewer: 'role.viewer',
  editor: 'role.editor',
  admin: 'role.admin',
};

const LANGUAGE_NAME = { 'es-CL': 'language.es-CL', en: 'language.en' } as const;

/**
 * The signed-in account: name, email, role, the language (a member's is also saved on the server,
 * for the alert mail) and "Sign out". An account that is
 * signed in at the provider but not (yet) a member shows the menu too, so it can sign out and
 * switch accounts.
 */
export function UserMenu() {
  const { user, session, waitlisted, signOut } = useAuth();
  const t = useT();
  const { locale, setLocale } = useLocale();
  const name = user?.name ?? session?.name ?? session?.email ?? t('userMenu.signedIn');
  const email = user?.email ?? session?.email ?? null;
  const role = user
    ? t(ROLE_LABEL[user.role])
    : t(waitlisted ? 'userMenu.accessRequested' : 'userMenu.noAccess');
  const saveLocale = useSetMyLocale({
    onError: (error) =>
      notifications.show({
        color: 'red',
        title: t('userMenu.languageNotSaved'),
        message: errorText(error),
      }),
  });
  /** The member's alert mail follows the language chosen here (the server writes it in it). */
  const chooseLocale = (option: Locale) => {
    if (option === locale) return;
    setLocale(option);
    if (user) saveLocale.mutate(option);
  };

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <Button variant="subtle" size="sm">
          {name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Stack gap={2} px="sm" py="xs">
          <Text size="sm" fw={500}>
            {name}
          </Text>
          {email !== null && (
            <Text size="xs" c="dimmed">
              {email}
            </Text>
          )}
          <Badge size="sm" variant="light" mt={4}>
            {role}
          </Badge>
        </Stack>
        <Menu.Divider />
        <Menu.Label>{t('userMenu.language')}</Menu.Label>
        {LOCALES.map((option) => (
          <Menu.Item
            key={option}
            lang={option}
            aria-checked={option === locale}
            fw={option === locale ? 600 : undefined}
            onClick={() => chooseLocale(option)}
          >
            {t(LANGUAGE_NAME[option])}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={() => void signOut()}>{t('auth.signOut')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
