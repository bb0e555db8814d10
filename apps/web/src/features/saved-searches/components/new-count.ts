import { SAVED_SEARCH_NEW_COUNT_CAP } from '@bec/contracts';

/** The API counts a search's new matches up to its cap: there, the web shows "99+". */
export const atCap = (count: number) => count >= SAVED_SEARCH_NEW_COUNT_CAP;
