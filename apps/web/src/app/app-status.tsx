import { saveWorkingSet } from '@/app/working-set';
import {
  type AppStatusProps,
  AppStatus as OfflineAppStatus,
} from '@/features/offline/components/app-status';

/**
 * The offline feature's status (offline notice, pending writes, update banner, reading offline)
 * with the member's working set composed here from the features' queries (ADR 046). Loaded after
 * the first screen, as one chunk.
 */
export function AppStatus(props: Omit<AppStatusProps, 'saveWorkingSet'>) {
  return <OfflineAppStatus {...props} saveWorkingSet={saveWorkingSet} />;
}
