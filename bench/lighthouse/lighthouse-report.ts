import type { CategoryId, PageResult } from './lighthouse-run.js';

/**
 * The first screen's goals on a phone (ADR 013); SEO, FCP and TBT are shown without one. The
 * performance goal is each page's own (`MeasuredPage`): 95 signed out, 98 for a signed-in
 * returning visit (the installed app, ADR 044); the signed-in first visit after a deploy is reported beside, its
 * performance and LCP without a goal.
 */
const GOALS = {
  accessibility: 100,
  'best-practices': 100,
  lcpMs: 2500,
  cls: 0.02,
} as const;

export type Miss = { page: string; goal: string };

/** A page's result and the performance score it must reach, or null when it is only reported. */
export type MeasuredPage = PageResult & { performanceGoal: number | null };

/** PASS or FAIL, or nothing for a figure without a goal. */
const mark = (pass: boolean | null) => (pass === null ? '' : pass ? ' PASS' : ' FAIL');
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Each goal of a page with its verdict, in table order. */
function judged(page: MeasuredPage) {
  const category = (id: CategoryId, min: number | null) => {
    const score = page.scores[id];
    const text = score === null ? '–' : String(score);
    return { text, pass: min === null ? null : score !== null && score >= min };
  };
  return {
    performance: category('performance', page.performanceGoal),
    accessibility: category('accessibility', GOALS.accessibility),
    'best-practices': category('best-practices', GOALS['best-practices']),
    lcp: {
      text: seconds(page.metrics.lcp),
      pass: page.performanceGoal === null ? null : page.metrics.lcp <= GOALS.lcpMs,
    },
    cls: { text: page.metrics.cls.toFixed(3), pass: page.metrics.cls <= GOALS.cls },
  };
}

function table(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/** The performance goals of a table's pages, in words. */
function performanceGoals(pages: MeasuredPage[]) {
  const goals = [
    ...new Set(pages.flatMap((p) => (p.performanceGoal === null ? [] : [p.performanceGoal]))),
  ];
  return goals.length
    ? `Performance ≥ ${goals.join(' / ')}, LCP ≤ ${seconds(GOALS.lcpMs)}`
    : 'Performance and LCP reported without a goal';
}

/** The compact table: every score and metric, each goal marked PASS or FAIL. */
export function printTable(pages: MeasuredPage[]) {
  const rows = pages.map((page) => {
    const j = judged(page);
    const goal = (g: { text: string; pass: boolean | null }) => `${g.text}${mark(g.pass)}`;
    return [
      page.label,
      goal(j.performance),
      goal(j.accessibility),
      goal(j['best-practices']),
      page.scores.seo === null ? '–' : String(page.scores.seo),
      seconds(page.metrics.fcp),
      goal(j.lcp),
      `${Math.round(page.metrics.tbt)} ms`,
      goal(j.cls),
      page.performanceRuns.map((score) => score ?? '–').join(' '),
    ];
  });
  console.log(
    table(
      [
        'page',
        'Performance',
        'Accessibility',
        'Best practices',
        'SEO',
        'FCP',
        'LCP',
        'TBT',
        'CLS',
        'each run',
      ],
      rows,
    ),
  );
  console.log(
    `The median run of each page (the "each run" column: every run's performance score). Goals: ${performanceGoals(pages)}, Accessibility ${GOALS.accessibility}, Best practices ${GOALS['best-practices']}, CLS ≤ ${GOALS.cls}.`,
  );
}

const CATEGORY_TITLES: Record<CategoryId, string> = {
  performance: 'Performance (diagnostics)',
  accessibility: 'Accessibility',
  'best-practices': 'Best practices',
  seo: 'SEO',
};

/** Per page: the LCP element and its phases, then what Lighthouse flags, by category. */
export function printFindings(page: PageResult) {
  console.log(`\n${page.label} — ${page.url}`);
  console.log(`  LCP element: ${page.lcp.element}`);
  if (page.lcp.phases.length) console.log(`  LCP phases: ${page.lcp.phases.join(', ')}`);
  for (const [category, title] of Object.entries(CATEGORY_TITLES)) {
    const findings = page.findings.filter((f) => f.category === category);
    if (!findings.length) continue;
    console.log(`  ${title}:`);
    for (const finding of findings) {
      const summary = finding.summary ? ` (${finding.summary})` : '';
      const unscored = finding.scored ? '' : ', not in the score';
      console.log(`    - ${finding.title}${summary} [${finding.id}${unscored}]`);
      for (const example of finding.examples) console.log(`        ${example}`);
    }
  }
  for (const warning of page.warnings) console.log(`  Lighthouse warning: ${warning}`);
  console.log(`  Reports: ${page.reports.html}\n           ${page.reports.json}`);
}

/** Every goal a page missed. */
export function misses(pages: MeasuredPage[]): Miss[] {
  return pages.flatMap((page) =>
    Object.entries(judged(page))
      .filter(([, g]) => g.pass === false)
      .map(([goal, g]) => ({ page: page.label, goal: `${goal} ${g.text}` })),
  );
}
