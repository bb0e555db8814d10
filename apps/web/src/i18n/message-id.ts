import type shared from '@bec/contracts/locales/en.json';
import type app from '@/app/locales/en.json';
import type components from '@/components/locales/en.json';
import type offlineQueue from '@/entities/offline-queue/locales/en.json';
import type reference from '@/entities/reference/locales/en.json';
import type uploads from '@/entities/uploads/locales/en.json';
import type alerts from '@/features/alerts/locales/en.json';
import type brokers from '@/features/brokers/locales/en.json';
import type history from '@/features/history/locales/en.json';
import type map from '@/features/map/locales/en.json';
import type market from '@/features/market/locales/en.json';
import type offline from '@/features/offline/locales/en.json';
import type pipeline from '@/features/pipeline/locales/en.json';
import type properties from '@/features/properties/locales/en.json';
import type savedSearches from '@/features/saved-searches/locales/en.json';
import type uf from '@/features/uf/locales/en.json';
import type users from '@/features/users/locales/en.json';
import type visits from '@/features/visits/locales/en.json';
import type waitlist from '@/features/waitlist/locales/en.json';

/** Every text's key: the English catalogues' keys (a test checks every language has the same). */
export type MessageId =
  | keyof typeof shared
  | keyof typeof app
  | keyof typeof components
  | keyof typeof reference
  | keyof typeof alerts
  | keyof typeof brokers
  | keyof typeof history
  | keyof typeof map
  | keyof typeof market
  | keyof typeof offline
  | keyof typeof pipeline
  | keyof typeof properties
  | keyof typeof savedSearches
  | keyof typeof uf
  | keyof typeof users
  | keyof typeof visits
  | keyof typeof waitlist
  | keyof typeof offlineQueue
  | keyof typeof uploads;
