import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { cssVariablesResolver, theme } from '@/app/theme';
import { overlaysHost } from '@/components/overlays/overlays-host';
import { AuthProvider } from '@/features/auth/auth-provider';
import { createQueryClient } from '@/lib/query-client';

const Overlays = lazy(() => import('@/components/overlays/overlays'));

/** Runs `task` once the browser is idle (or after a second where it cannot tell). */
function whenIdle(task: () => void): () => void {
  if (
    typeof window.requestIdleCallback === 'function' &&
    typeof window.cancelIdleCallback === 'function'
  ) {
    const id = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 1000);
  return () => window.clearTimeout(id);
}

/** Mounts the toasts and dialogs after the first screen (or sooner, when a dialog is opened). */
function DeferredOverlays() {
  const wanted = useSyncExternalStore(overlaysHost.subscribe, overlaysHost.isRequested);
  useEffect(() => whenIdle(overlaysHost.request), []);
  return wanted ? (
    <Suspense fallback={null}>
      <Overlays />
    </Suspense>
  ) : null;
}

export type AppProviderProps = { children: ReactNode };

/** What the browser keeps of a member for working offline, forgotten on signing out (ADR 046). */
const forgetOfflineData = (member: { subject: string; userId: number | null }) =>
  import('@/features/offline/forget-offline-data').then((offline) =>
    offline.forgetOfflineData(member),
  );

/** Everything the pages rely on: Mantine (with notifications and confirm modals), the query cache
 * and the sign-in state. */
export function AppProvider({ children }: AppProviderProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <DeferredOverlays />
        <AuthProvider forgetOfflineData={forgetOfflineData}>{children}</AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
