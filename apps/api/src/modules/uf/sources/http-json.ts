import { UfSourceError } from './uf-source.js';

/** What a source's URL looks like in a log line: no API key. */
const loggableUrl = (url: string) => url.replace(/([?&]apikey=)[^&]*/i, '$1…');

/**
 * GETs JSON from a source: a network error, a timeout, a non-2xx answer or a body that is not
 * JSON becomes a UfSourceError saying which. Bodies are read up to 2 MB (a year of values is
 * ~30 kB); more is nonsense.
 */
export async function getJson(
  url: string,
  { timeoutMs, signal }: { timeoutMs: number; signal?: AbortSignal },
): Promise<unknown> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const abort = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const where = loggableUrl(url);
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: abort,
      redirect: 'follow',
    });
  } catch (err) {
    if (timeout.aborted) throw new UfSourceError(`${where} did not answer within ${timeoutMs} ms`);
    throw new UfSourceError(`${where} could not be reached: ${describe(err)}`);
  }
  try {
    if (!response.ok) throw new UfSourceError(`${where} answered HTTP ${response.status}`);
    const text = await readText(response, 2_000_000);
    try {
      return JSON.parse(text);
    } catch {
      throw new UfSourceError(`${where} answered something that is not JSON`);
    }
  } catch (err) {
    if (err instanceof UfSourceError) throw err;
    if (timeout.aborted) throw new UfSourceError(`${where} did not answer within ${timeoutMs} ms`);
    throw new UfSourceError(`${where} broke off its answer: ${describe(err)}`);
  } finally {
    // Whatever was not read is dropped, so the connection does not wait for it.
    await response.body?.cancel().catch(() => {});
  }
}

async function readText(response: Response, maxBytes: number) {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) throw new UfSourceError(`the answer is larger than ${maxBytes} bytes`);
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const describe = (err: unknown) => {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as { cause?: unknown }).cause;
  const code = (cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${err.message} (${code})` : err.message;
};
