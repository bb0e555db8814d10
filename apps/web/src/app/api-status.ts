import { ClientConfigSchema, ErrorEnvelopeSchema, envelope } from '@bec/contracts';

export type ApiStatus = { state: 'ready' } | { state: 'error'; message: string };

const ConfigEnvelopeSchema = envelope(ClientConfigSchema);

/**
 * Asks the API for the SPA's runtime configuration. It is ready once it answers with a success
 * envelope of the contract's shape; otherwise the reason is given in words a person can act on.
 */
export async function fetchApiStatus(fetchImpl: typeof fetch = fetch): Promise<ApiStatus> {
  let response: Response;
  try {
    response = await fetchImpl('/api/config', { headers: { accept: 'application/json' } });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return { state: 'error', message: `Could not reach the API (${reason}).` };
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }

  if (response.ok && ConfigEnvelopeSchema.safeParse(body).success) return { state: 'ready' };

  const failure = ErrorEnvelopeSchema.safeParse(body);
  if (failure.success) return { state: 'error', message: failure.data.message };
  return {
    state: 'error',
    message: response.ok
      ? 'The API answered with an unexpected body.'
      : `The API answered with HTTP ${response.status}.`,
  };
}
