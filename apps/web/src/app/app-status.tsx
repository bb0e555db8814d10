import { saveWorkingSet } from '@/app/working-set';
import { AppStatus as OfflineAppStatus } from '@/features/offline/components/app-status';

/**
 * The offline feature's status (offline notice, update banner, reading offline) with the member's
 * working set composed here from the features' queries (ADR 046). Loaded after the first screen.
 */
export function AppStatus({ subject }: { subject: string | null }) {
  return <OfflineAppStatus subject={subject} saveWorkingSet={saveWorkingSet} />;
}
