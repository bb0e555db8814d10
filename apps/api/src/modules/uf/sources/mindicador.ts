import { z } from 'zod';
import { chileDateOfMidnight } from '../../../lib/chile-date.js';
import { getJson } from './http-json.js';
import {
  checkPublished,
  firstIssues,
  type PublishedUf,
  type UfSourceAdapter,
  UfSourceError,
  yearsAround,
} from './uf-source.js';

export const MINDICADOR_URL = 'https://mindicador.cl/api';

/** mindicador.cl's answer for /uf/{year}: each day as an instant at its midnight in Chile. */
const AnswerSchema = z.object({
  serie: z.array(
    z.object({
      fecha: z.iso.datetime({ offset: true }),
      valor: z.number(),
    }),
  ),
});

/** mindicador.cl (a free mirror of the Banco Central's series): no key. */
export function mindicadorSource({
  baseUrl = MINDICADOR_URL,
  timeoutMs,
}: {
  baseUrl?: string;
  timeoutMs: number;
}): UfSourceAdapter {
  return {
    name: 'mindicador',
    async fetchValues(today, signal) {
      const values: PublishedUf[] = [];
      const [year, next] = yearsAround(today);
      values.push(...(await fetchYear(year as number)));
      if (next !== undefined) values.push(...(await fetchYear(next).catch(() => [])));
      return checkPublished(values, today);

      async function fetchYear(y: number) {
        const body = await getJson(`${baseUrl}/uf/${y}`, { timeoutMs, signal });
        const parsed = AnswerSchema.safeParse(body);
        if (!parsed.success)
          throw new UfSourceError(`the answer is not a UF series: ${firstIssues(parsed.error)}`);
        return parsed.data.serie.map((entry) => ({
          date: chileDateOfMidnight(new Date(entry.fecha)),
          value: entry.valor,
        }));
      }
    },
  };
}
