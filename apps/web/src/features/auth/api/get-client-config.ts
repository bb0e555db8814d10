import { type ClientConfig, ClientConfigSchema } from '@bec/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/config: what the SPA needs to sign in, read at run time (one build, every deployment).
 * It is the first step of loading the identity provider (identity-provider.ts), whose query caches
 * it and retries it on the identity provider's schedule.
 */
export function getClientConfig(): Promise<ClientConfig> {
  return apiRequest('/config', ClientConfigSchema, { anonymous: true });
}
