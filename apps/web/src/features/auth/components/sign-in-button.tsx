import { Button } from '@mantine/core';
import { useState } from 'react';
import { useAuth } from '@/features/auth/use-auth';
import { useT } from '@/i18n/use-t';

/** Leaves for the identity provider's sign-in page, to come back to this page. */
export function SignInButton() {
  const { signIn, userManager } = useAuth();
  const [leaving, setLeaving] = useState(false);
  const t = useT();
  return (
    <Button
      size="sm"
      disabled={userManager === null}
      loading={leaving}
      onClick={() => {
        setLeaving(true);
        signIn().catch(() => setLeaving(false));
      }}
    >
      {t('auth.signIn')}
    </Button>
  );
}
