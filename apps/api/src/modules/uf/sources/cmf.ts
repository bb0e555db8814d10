import { z } from 'zod';
import type { UfSourceAdapter } from './uf-source.js';
import { yearlySource } from './yearly-source.js';

const CMF_URL = 'https://api.cmfchile.cl/api-sbifv3/recursos_api';

/** The CMF's answer for /uf/{year}: values as Chileans write them ("39.643,59"), days as dates. */
const AnswerSchema = z.object({
  UFs: z.array(
    z.object({
      Valor: z.string().regex(/^[0-9]{1,3}(\.[0-9]{3})*(,[0-9]{1,2})?$/, {
        error: 'Valor is not a peso amount like 39.643,59',
      }),
      Fecha: z.iso.date({ error: 'Fecha is not a real date like 2025-11-01' }),
    }),
  ),
});

/** "39.643,59" → 39643.59 */
const chileanNumber = (text: string) => Number(text.replaceAll('.', '').replace(',', '.'));

/** The CMF's own API (Comisión para el Mercado Financiero): needs a free API key. */
export function cmfSource({
  baseUrl = CMF_URL,
  apiKey,
  timeoutMs,
}: {
  baseUrl?: string;
  apiKey: string;
  timeoutMs: number;
}): UfSourceAdapter {
  return yearlySource({
    name: 'cmf',
    url: (year) => `${baseUrl}/uf/${year}?apikey=${encodeURIComponent(apiKey)}&formato=json`,
    answer: AnswerSchema,
    values: (answer) =>
      answer.UFs.map((entry) => ({ date: entry.Fecha, value: chileanNumber(entry.Valor) })),
    timeoutMs,
  });
}
