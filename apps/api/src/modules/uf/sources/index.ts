import type { Config } from '../../../config.js';
import { cmfSource } from './cmf.js';
import { mindicadorSource } from './mindicador.js';
import type { UfSourceAdapter } from './uf-source.js';

export type { PublishedUf, UfSourceAdapter } from './uf-source.js';

/** The configured source's adapter; null with UF_SOURCE=none (values are entered by hand). */
export function createUfSource(config: Config['uf']): UfSourceAdapter | null {
  const baseUrl = config.url ?? undefined;
  switch (config.source) {
    case 'none':
      return null;
    case 'mindicador':
      return mindicadorSource({ baseUrl, timeoutMs: config.timeoutMs });
    case 'cmf':
      return cmfSource({ baseUrl, apiKey: config.cmfApiKey ?? '', timeoutMs: config.timeoutMs });
  }
}
