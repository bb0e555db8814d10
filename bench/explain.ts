import type pg from 'pg';
import type { BuiltQuery } from './list-queries.js';

export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Sort Method'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
};

export type PlanVerdict = {
  text: string;
  executionMs: number;
  usesIndex: boolean;
  /** The Sort nodes found, with how many rows each took in. */
  sorts: { rows: number; method: string; overSeqScan: boolean }[];
  ok: boolean;
  verdict: string;
};

export const walk = (node: PlanNode, visit: (n: PlanNode) => void) => {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
};

export const rowsOut = (node: PlanNode) => (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);

/** EXPLAIN (ANALYZE) of a statement with its values, as JSON: the plan tree and its time. */
export async function explainJson(pool: pg.Pool, query: BuiltQuery, buffers = false) {
  const result = await pool.query<{ 'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number }[] }>(
    `explain (analyze${buffers ? ', buffers' : ''}, format json) ${query.sql}`,
    query.params,
  );
  const json = result.rows[0]?.['QUERY PLAN'][0];
  if (!json) throw new Error('EXPLAIN answered no plan');
  return json;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a query exactly as the API sends it. Printed as text; judged on
 * the JSON form of the same statement:
 *  - it must read `properties` through one of its indexes (Index Scan, Index Only Scan, or a
 *    Bitmap Index Scan on one of its indexes);
 *  - no Sort may sit above a Seq Scan of `properties`, and no Sort may take in more than 5% of the
 *    table (a top-N sort of a few hundred filtered rows is fine; sorting the table is not).
 */
export async function explainQuery(
  pool: pg.Pool,
  query: BuiltQuery,
  tableRows: number,
): Promise<PlanVerdict> {
  const text = (
    await pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${query.sql}`,
      query.params,
    )
  ).rows
    .map((r) => r['QUERY PLAN'])
    .join('\n');
  const json = await explainJson(pool, query);
  const indexes = new Set(
    (
      await pool.query<{ indexname: string }>(
        "select indexname from pg_indexes where schemaname = 'public' and tablename = 'properties'",
      )
    ).rows.map((r) => r.indexname),
  );

  let usesIndex = false;
  const sorts: PlanVerdict['sorts'] = [];
  walk(json.Plan, (node) => {
    const type = node['Node Type'];
    if (
      (type === 'Index Scan' || type === 'Index Only Scan') &&
      node['Relation Name'] === 'properties'
    )
      usesIndex = true;
    if (type === 'Bitmap Index Scan' && indexes.has(node['Index Name'] ?? '')) usesIndex = true;
    if (type === 'Sort' || type === 'Incremental Sort') {
      let overSeqScan = false;
      let input = 0;
      for (const child of node.Plans ?? []) {
        input += rowsOut(child);
        walk(child, (n) => {
          if (n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'properties')
            overSeqScan = true;
        });
      }
      sorts.push({ rows: input, method: node['Sort Method'] ?? type, overSeqScan });
    }
  });
  const bigSorts = sorts.filter((s) => s.overSeqScan || s.rows > tableRows * 0.05);
  const ok = usesIndex && bigSorts.length === 0;
  const sortText = sorts.length
    ? sorts
        .map(
          (s) =>
            `${s.method} of ${s.rows.toLocaleString('en-US')} rows${s.overSeqScan ? ' over a Seq Scan' : ''}`,
        )
        .join('; ')
    : 'no sort';
  const verdict = `${ok ? 'OK' : 'BAD'}: ${usesIndex ? 'reads properties through an index' : 'NO index on properties'}, ${sortText} (rule: an index on properties, no sort above a Seq Scan of it, no sort of more than 5% of ${tableRows.toLocaleString('en-US')} rows)`;
  return { text, executionMs: json['Execution Time'], usesIndex, sorts, ok, verdict };
}

/** One line for a plan not judged here (the totals): its time and its node chain. */
export async function explainBrief(pool: pg.Pool, query: BuiltQuery) {
  const json = await explainJson(pool, query);
  const nodes: string[] = [];
  walk(json.Plan, (n) =>
    nodes.push(
      `${n['Node Type']}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}${n['Index Name'] ? ` (${n['Index Name']})` : ''}`,
    ),
  );
  return `${json['Execution Time'].toFixed(2)} ms: ${nodes.join(' → ')}`;
}
