import { Anchor, AppShell, Burger, CloseButton, Group, NavLink, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { navLinksFor } from '@/app/nav-links';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { AuthControls } from '@/features/auth/components/auth-controls';
import { useAuth } from '@/features/auth/use-auth';
import { useT } from '@/i18n/use-t';

// The day's UF, for members only: loaded with its query after the first screen.
const UfChip = lazy(() =>
  import('@/features/uf/components/uf-chip').then(({ UfChip }) => ({ default: UfChip })),
);

// The alerts' bell, for members: its count is fetched after the first screen.
const AlertsBell = lazy(() =>
  import('@/features/alerts/components/alerts-bell').then(({ AlertsBell }) => ({
    default: AlertsBell,
  })),
);

// The sidebar's saved searches: loaded when a member first opens the sidebar.
const SavedSearchesNav = lazy(() =>
  import('@/app/saved-searches-nav').then(({ SavedSearchesNav }) => ({
    default: SavedSearchesNav,
  })),
);

// Offline and new-version notices, the service worker's registration and the member's working
// set kept for reading offline (ADR 046): after the first screen.
const AppStatus = lazy(() =>
  import('@/app/app-status').then(({ AppStatus }) => ({ default: AppStatus })),
);

/** The sidebar's "40 units" (docs/product.md, Screens and routes): 40 spacing units of 4 px. */
const NAVBAR_WIDTH = 160;
const HEADER_HEIGHT = 56;
const NAVBAR_ID = 'app-navbar';

/**
 * The layout of every page: a header (menu toggle, "BEC" home link; for members the UF prices are
 * converted with, and the account on the right)
 * and a sidebar that starts collapsed on every screen size, with its links by sign-in status.
 */
export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  // Below the breakpoint the open sidebar covers the page, so following a link closes it.
  const isMobile = useMediaQuery('(max-width: 48em)');
  const { status, user, session } = useAuth();
  const t = useT();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const links = navLinksFor(status, user?.role ?? null);
  // The saved searches load with the sidebar's first opening, and stay once loaded.
  const [navShown, setNavShown] = useState(false);
  if (opened && !navShown) setNavShown(true);
  const member = status === 'authenticated' && user !== null ? user : null;

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{
        width: NAVBAR_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !opened, desktop: !opened },
      }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              size="sm"
              aria-label={t('nav.toggle')}
              aria-expanded={opened}
              aria-controls={NAVBAR_ID}
            />
            <Anchor component={Link} to={paths.home.getHref()} fw={700} fz="xl" underline="never">
              {t('app.name')}
            </Anchor>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {member !== null && (
              <>
                <Suspense fallback={null}>
                  <UfChip />
                </Suspense>
                <Suspense fallback={null}>
                  <AlertsBell />
                </Suspense>
              </>
            )}
            <AuthControls />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        id={NAVBAR_ID}
        p="xs"
        aria-label={t('nav.main')}
        inert={!opened}
        // The saved searches may be more than a screen holds.
        style={{ overflowY: 'auto' }}
      >
        <Group justify="flex-end">
          <CloseButton aria-label={t('nav.close')} onClick={close} />
        </Group>
        <Stack gap={4} mt="xs">
          {links.map((link) => (
            <NavLink
              key={link.href}
              component={Link}
              to={link.href}
              label={t(link.label)}
              active={pathname === link.href || pathname.startsWith(`${link.href}/`)}
              onClick={isMobile ? close : undefined}
            />
          ))}
        </Stack>
        {member !== null && navShown && (
          <Suspense fallback={null}>
            <SavedSearchesNav role={member.role} onNavigate={isMobile ? close : undefined} />
          </Suspense>
        )}
      </AppShell.Navbar>

      <AppShell.Main>
        <Suspense fallback={null}>
          {/* A write queued offline that reached the server: every screen loads its data again. */}
          <AppStatus
            subject={status === 'authenticated' ? (session?.subject ?? null) : null}
            userId={status === 'authenticated' ? user?.id : undefined}
            onSynced={() => void queryClient.invalidateQueries()}
          />
        </Suspense>
        {/* While a page's code arrives on the first load (router.tsx). */}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
