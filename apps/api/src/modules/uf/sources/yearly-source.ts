import type { z } from 'zod';
import { getJson } from './http-json.js';
import {
  checkPublished,
  firstIssues,
  type PublishedUf,
  type UfSourceAdapter,
  UfSourceError,
  yearsAround,
} from './uf-source.js';

/**
 * A source that publishes a year's series at one address (both sources do): asks for the year of
 * `today` and, in December, the next one too (its failure then costs nothing), reads each answer
 * with `answer`, turns it into values with `values`, and checks them all.
 */
export function yearlySource<Answer>({
  name,
  url,
  answer,
  values,
  timeoutMs,
}: {
  name: UfSourceAdapter['name'];
  url: (year: number) => string;
  answer: z.ZodType<Answer>;
  values: (answer: Answer) => PublishedUf[];
  timeoutMs: number;
}): UfSourceAdapter {
  return {
    name,
    async fetchValues(today, signal) {
      const fetchYear = async (year: number) => {
        const parsed = answer.safeParse(await getJson(url(year), { timeoutMs, signal }));
        if (!parsed.success)
          throw new UfSourceError(`the answer is not a UF series: ${firstIssues(parsed.error)}`);
        return values(parsed.data);
      };
      const [year, next] = yearsAround(today);
      const published = await fetchYear(year as number);
      if (next !== undefined) published.push(...(await fetchYear(next).catch(() => [])));
      return checkPublished(published, today);
    },
  };
}
