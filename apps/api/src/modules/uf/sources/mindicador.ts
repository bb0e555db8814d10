import { z } from 'zod';
import { chileDateOfMidnight } from '../../../lib/chile-date.js';
import type { UfSourceAdapter } from './uf-source.js';
import { yearlySource } from './yearly-source.js';

const MINDICADOR_URL = 'https://mindicador.cl/api';

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
  return yearlySource({
    name: 'mindicador',
    url: (year) => `${baseUrl}/uf/${year}`,
    answer: AnswerSchema,
    values: (answer) =>
      answer.serie.map((entry) => ({
        date: chileDateOfMidnight(new Date(entry.fecha)),
        value: entry.valor,
      })),
    timeoutMs,
  });
}
