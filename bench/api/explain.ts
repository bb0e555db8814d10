import type pg from 'pg';
import type { BuiltQuery } from './list-queries.js';

export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Sort Method'?: string;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
};

export type PlanVerdict = {
  text: string;
  /** Whether PostgreSQL ran its generic plan (parameters unknown) rather than one for the values. */
  generic: boolean;
  executionMs: number;
  usesIndex: boolean;
  /** The Sort nodes found, with how many rows each took in. */
  sorts: { rows: number; method: string; overSeqScan: boolean }[];
  /** The most rows one scan of `properties` (or of one of its indexes) read, kept or filtered out. */
  rowsRead: number;
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
 * The most rows a sort in a list's plan may take in, at any table size: a top-N sort of a rare
 * term's few hundred matches costs well under a millisecond; a sort whose input grows with the
 * table (5% of it was allowed before ADR 019: 50,000 rows at a million) is not flat.
 */
const SORT_ROWS_LIMIT = 1_000;
/**
 * The most rows one scan of `properties` may read, whatever it then filters out: an index walk
 * that discards most of what it reads (a rare term's page found by walking the newest-first index)
 * grows with the table as surely as a sort does. A page reads a page's worth, and a bounded count
 * up to 1,001 matches; ten thousand leaves room for sparse filters.
 */
const ROWS_READ_LIMIT = 10_000;

/**
 * How many times PostgreSQL plans a prepared statement for its values before it may settle on the
 * generic plan (plancache.c): the API's named statements run thousands of times, so the sixth
 * execution's plan is the one they keep.
 */
const CUSTOM_PLANS = 5;

/**
 * EXPLAIN (ANALYZE, BUFFERS) of a list's statement as the API's connections run it in steady
 * state: a named statement prepared, run CUSTOM_PLANS times with its values, then explained on
 * the next execution, which is PostgreSQL's generic plan whenever that looks no dearer than the
 * custom ones (a generic plan knows no values: a price range is a guess); an unnamed one (a
 * search) explained with its values, as PostgreSQL plans it on every execution. Printed as text;
 * judged on the JSON form of the same execution:
 *  - it must read `properties` through one of its indexes (Index Scan, Index Only Scan, or a
 *    Bitmap Index Scan on one of its indexes);
 *  - no scan of `properties` may read more than ROWS_READ_LIMIT rows;
 *  - no Sort may sit above a Seq Scan of `properties`, and no Sort may take in more than
 *    SORT_ROWS_LIMIT rows (the index gives the order; a sort may only order a few matches).
 */
export async function explainQuery(
  pool: pg.Pool,
  query: BuiltQuery,
  tableRows: number,
): Promise<PlanVerdict> {
  const client = await pool.connect();
  let text: string;
  let json: { Plan: PlanNode; 'Execution Time': number };
  let generic = false;
  try {
    // An unnamed statement (a search) is planned with each execution's values: explained as is.
    // A named one is prepared and run CUSTOM_PLANS times first, as the API's connections do.
    // EXECUTE takes its arguments as SQL, not as bound parameters: quoted literals, which take
    // the parameters' types as bound values would.
    const named = Boolean(query.name);
    const args = query.params.map((v) => client.escapeLiteral(String(v))).join(', ');
    const statement = named ? `execute bench_plan${args ? `(${args})` : ''}` : query.sql;
    const values = named ? [] : query.params;
    if (named) await client.query(`prepare bench_plan as ${query.sql}`);
    try {
      if (named) for (let i = 0; i < CUSTOM_PLANS; i++) await client.query(statement);
      text = (
        await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${statement}`,
          values,
        )
      ).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      const result = await client.query<{
        'QUERY PLAN': { Plan: PlanNode; 'Execution Time': number }[];
      }>(`explain (analyze, format json) ${statement}`, values);
      const plan = result.rows[0]?.['QUERY PLAN'][0];
      if (!plan) throw new Error('EXPLAIN answered no plan');
      json = plan;
      // EXPLAIN does not say which plan ran (its $n may be an InitPlan's output); the statement's
      // counters do (PostgreSQL 14+).
      if (named && query.params.length)
        generic =
          Number(
            (
              await client.query<{ n: string }>(
                "select generic_plans::text as n from pg_prepared_statements where name = 'bench_plan'",
              )
            ).rows[0]?.n ?? 0,
          ) > 0;
    } finally {
      if (named) await client.query('deallocate bench_plan');
    }
  } finally {
    client.release();
  }
  const indexes = new Set(
    (
      await pool.query<{ indexname: string }>(
        "select indexname from pg_indexes where schemaname = 'public' and tablename = 'properties'",
      )
    ).rows.map((r) => r.indexname),
  );

  let usesIndex = false;
  let rowsRead = 0;
  const sorts: PlanVerdict['sorts'] = [];
  walk(json.Plan, (node) => {
    const type = node['Node Type'];
    const onProperties =
      node['Relation Name'] === 'properties' ||
      (type === 'Bitmap Index Scan' && indexes.has(node['Index Name'] ?? ''));
    if (onProperties) {
      const read =
        (node['Actual Rows'] ?? 0) +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0);
      rowsRead = Math.max(rowsRead, read * (node['Actual Loops'] ?? 1));
    }
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
  const bigSorts = sorts.filter((s) => s.overSeqScan || s.rows > SORT_ROWS_LIMIT);
  const ok = usesIndex && bigSorts.length === 0 && rowsRead <= ROWS_READ_LIMIT;
  const sortText = sorts.length
    ? sorts
        .map(
          (s) =>
            `${s.method} of ${s.rows.toLocaleString('en-US')} rows${s.overSeqScan ? ' over a Seq Scan' : ''}`,
        )
        .join('; ')
    : 'no sort';
  const verdict = `${ok ? 'OK' : 'BAD'} (${generic ? 'generic plan' : query.params.length ? 'custom plan' : 'no parameters'}): ${usesIndex ? 'reads properties through an index' : 'NO index on properties'}, at most ${rowsRead.toLocaleString('en-US')} rows in one scan, ${sortText} (rule: an index on properties, no scan of it reading more than ${ROWS_READ_LIMIT.toLocaleString('en-US')} rows, no sort above a Seq Scan of it or of more than ${SORT_ROWS_LIMIT.toLocaleString('en-US')} rows; the table has ${tableRows.toLocaleString('en-US')})`;
  return {
    text,
    generic,
    executionMs: json['Execution Time'],
    usesIndex,
    sorts,
    rowsRead,
    ok,
    verdict,
  };
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
