import { writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type CategoryId = (typeof CATEGORIES)[number];

/** One audit a developer has to look at: its title, Lighthouse's summary and a few examples. */
type Finding = {
  category: CategoryId;
  id: string;
  title: string;
  /** False for audits Lighthouse shows but leaves out of the category's score (weight 0). */
  scored: boolean;
  summary: string;
  examples: string[];
};

/** Shown on their own lines (the LCP element and its phases), not again among the findings. */
const SHOWN_APART = new Set(['largest-contentful-paint-element']);

export type PageResult = {
  label: string;
  url: string;
  /** 0–100 per category; null when Lighthouse could not score it. */
  scores: Record<CategoryId, number | null>;
  /** Every run's performance score, in order (the figures above are the median run's). */
  performanceRuns: (number | null)[];
  /** Milliseconds, but CLS, which has no unit. */
  metrics: { fcp: number; lcp: number; tbt: number; cls: number };
  /** The LCP element and the phases of its time. */
  lcp: { element: string; phases: string[] };
  findings: Finding[];
  warnings: string[];
  /** Lighthouse's version and its CPU benchmark of this machine (higher is faster). */
  environment: { lighthouse: string; benchmarkIndex: number };
  reports: { json: string; html: string };
};

type Audit = Result['audits'][string];
type Details = NonNullable<Audit['details']>;
type Item = Record<string, unknown>;

const itemsOf = (details: Details | undefined): Item[] =>
  details && 'items' in details && Array.isArray(details.items) ? (details.items as Item[]) : [];

const clip = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A DOM node as people find it: its text, its HTML and why axe flagged it (when it did). */
function nodeLabel(node: Item) {
  const text = typeof node.nodeLabel === 'string' ? `"${clip(node.nodeLabel, 40)}" ` : '';
  const html = typeof node.snippet === 'string' ? clip(node.snippet, 90) : '';
  // axe's explanation: "Fix any of the following:\n  Element has insufficient color contrast…"
  const why =
    typeof node.explanation === 'string'
      ? node.explanation.split('\n').slice(1).join(' ').trim()
      : '';
  return `${text}${html}${why ? `: ${clip(why, 160)}` : ''}`;
}

/** What an item of an audit's table is about: a URL, a DOM node, a source line or an issue. */
function itemLabel(item: Item): string | null {
  const value = item.url ?? item.source ?? item.node ?? item.issueType ?? item.label;
  if (typeof value === 'string') return clip(value);
  if (value && typeof value === 'object') {
    const v = value as Item;
    if (v.type === 'node') return nodeLabel(v);
    if (typeof v.url === 'string') return clip(v.url);
  }
  return null;
}

/** Lighthouse's own one-line summary, with the savings it estimates, and up to 3 of its items. */
function describe(audit: Audit) {
  const savings = Object.entries(audit.metricSavings ?? {}).flatMap(([metric, v]) =>
    v ? [`${metric} −${metric === 'CLS' ? v.toFixed(3) : `${Math.round(v)} ms`}`] : [],
  );
  const summary = [audit.displayValue, savings.length ? `saves ${savings.join(', ')}` : '']
    .filter(Boolean)
    .join('; ');
  const examples = itemsOf(audit.details)
    .map(itemLabel)
    .filter((label): label is string => !!label)
    .slice(0, 3);
  return { summary, examples };
}

/**
 * What failed: in performance, the diagnostics Lighthouse flags (score under 0.9, as its report
 * does); elsewhere every scored audit short of full marks.
 */
function findingsOf(lhr: Result): Finding[] {
  const found: Finding[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || SHOWN_APART.has(ref.id)) continue;
      if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
      const failed =
        category === 'performance'
          ? ref.group === 'diagnostics' && audit.score < 0.9
          : audit.score < 1;
      if (failed)
        found.push({
          category,
          id: ref.id,
          title: audit.title,
          scored: category === 'performance' || ref.weight > 0,
          ...describe(audit),
        });
    }
  }
  return found;
}

/** The LCP element's snippet and its phases (TTFB, load delay, load time, render delay). */
function lcpOf(lhr: Result) {
  const audit = lhr.audits['largest-contentful-paint-element'];
  const tables = itemsOf(audit?.details) as Details[];
  const element = tables.flatMap(itemsOf).map(itemLabel).find(Boolean) ?? '(none found)';
  const phases = tables
    .flatMap(itemsOf)
    .filter((item) => typeof item.phase === 'string' && typeof item.timing === 'number')
    .map((item) => `${item.phase} ${Math.round(item.timing as number)} ms`);
  return { element, phases };
}

const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

const categoryScore = (lhr: Result, id: CategoryId) => {
  const value = lhr.categories[id]?.score;
  return typeof value === 'number' ? Math.round(value * 100) : null;
};

/** Tries per navigation: on a loaded machine a trace sometimes comes back unusable (NO_NAVSTART). */
const ATTEMPTS = 2;

/** One Lighthouse navigation; answers its result and its JSON and HTML reports. */
async function navigate(
  url: string,
  port: number,
  keepStorage: boolean,
  beforeEach?: () => Promise<void>,
) {
  for (let attempt = 1; ; attempt++) {
    await beforeEach?.();
    const result = await lighthouse(url, {
      port,
      output: ['json', 'html'],
      logLevel: 'error',
      disableStorageReset: keepStorage,
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) {
      const message = `Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
      if (attempt >= ATTEMPTS) throw new Error(message);
      console.warn(`${message}; trying again`);
      continue;
    }
    const [json = '', html = ''] = Array.isArray(result.report) ? result.report : [result.report];
    return { lhr, json, html };
  }
}

/**
 * Lighthouse with its default settings (mobile: a Moto G Power-sized screen, simulated slow 4G
 * and a 4× CPU slowdown) in the browser on `port`, `runs` times; the run reported is the median
 * one, chosen as Lighthouse's own tooling does (closest to the median FCP and TTI). On two shared
 * cores one run's performance score can move by 20 points. `keepStorage` keeps the profile's
 * storage (the signed-in session); `beforeEach` runs before each navigation. Writes the median
 * run's full JSON and HTML reports to `outDir`.
 */
export async function runLighthouse({
  label,
  url,
  port,
  runs,
  keepStorage,
  beforeEach,
  outDir,
  fileName,
}: {
  label: string;
  url: string;
  port: number;
  runs: number;
  keepStorage: boolean;
  beforeEach?: () => Promise<void>;
  outDir: string;
  fileName: string;
}): Promise<PageResult> {
  const all: Awaited<ReturnType<typeof navigate>>[] = [];
  for (let i = 0; i < runs; i++) all.push(await navigate(url, port, keepStorage, beforeEach));
  const median = computeMedianRun(all.map((run) => run.lhr));
  const { lhr, json, html } = all.find((run) => run.lhr === median) ?? (all[0] as (typeof all)[0]);
  const reports = {
    json: path.join(outDir, `${fileName}.report.json`),
    html: path.join(outDir, `${fileName}.report.html`),
  };
  writeFileSync(reports.json, json);
  writeFileSync(reports.html, html);

  return {
    label,
    url: lhr.finalDisplayedUrl,
    scores: {
      performance: categoryScore(lhr, 'performance'),
      accessibility: categoryScore(lhr, 'accessibility'),
      'best-practices': categoryScore(lhr, 'best-practices'),
      seo: categoryScore(lhr, 'seo'),
    },
    metrics: {
      fcp: numeric(lhr, 'first-contentful-paint'),
      lcp: numeric(lhr, 'largest-contentful-paint'),
      tbt: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
    },
    performanceRuns: all.map((run) => categoryScore(run.lhr, 'performance')),
    lcp: lcpOf(lhr),
    findings: findingsOf(lhr),
    warnings: lhr.runWarnings.map(String),
    environment: {
      lighthouse: lhr.lighthouseVersion,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    },
    reports,
  };
}
