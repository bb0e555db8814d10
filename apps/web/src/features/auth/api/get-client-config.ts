import { CLIENT_CONFIG_ELEMENT_ID, type ClientConfig, ClientConfigSchema } from '@bec/contracts';
import { apiRequest } from '@/lib/api-client';

/**
 * What the SPA needs to sign in, read at run time (one build, every deployment): from the page
 * itself when the server inlined it, which saves the first round trip, else (Vite's dev server)
 * from GET /api/config. The identity provider's query (identity-provider.ts) caches it and retries
 * it on its schedule.
 */
export function getClientConfig(): Promise<ClientConfig> {
  const inline = document.getElementById(CLIENT_CONFIG_ELEMENT_ID)?.textContent;
  if (inline) return Promise.resolve(ClientConfigSchema.parse(JSON.parse(inline)));
  return apiRequest('/config', ClientConfigSchema, { anonymous: true });
}
