import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every relative link in README.md, docs/**/*.md and bench/**/*.md (the bench's README, method and
// reports, ADR 063) must land on a file (or folder) of the repository, and a link's #anchor on a
// heading of the Markdown file it names (ADR 032).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const markdownIn = (folder: string): string[] =>
  readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md') && !file.split(path.sep).includes('node_modules'))
    .map((file) => path.join(folder, file))
    .sort();

const markdownFiles = (): string[] => ['README.md', ...markdownIn('docs'), ...markdownIn('bench')];

/** The text without fenced code blocks, whose lines are neither links nor headings. */
const withoutFences = (markdown: string) =>
  markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');

/** The text without code, fenced or inline: links there are examples. */
const withoutCode = (markdown: string) => withoutFences(markdown).replace(/`[^`\n]*`/g, '');

/** Inline links and images `[text](target "title")`, and reference definitions `[id]: target`. */
function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)];
  const references = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)];
  return [...inline, ...references].map((match) => match[1] ?? '');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats -1, -2. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of withoutFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = (heading ?? '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** What is wrong with one relative link from `file`, or null when it resolves. */
function brokenLink(file: string, target: string): string | null {
  const [rawPath = '', anchor] = target.split('#', 2);
  const linkPath = decodeURIComponent(rawPath);
  const resolved = linkPath
    ? path.resolve(path.dirname(path.join(ROOT, file)), linkPath)
    : path.join(ROOT, file);
  if (!resolved.startsWith(ROOT)) return `${target}: outside the repository`;
  if (!existsSync(resolved)) return `${target}: no such file`;
  if (anchor && resolved.endsWith('.md') && statSync(resolved).isFile()) {
    if (!headingAnchors(readFileSync(resolved, 'utf8')).has(anchor))
      return `${target}: no heading #${anchor} in ${path.relative(ROOT, resolved)}`;
  }
  return null;
}

describe('links in README.md, docs/ and bench/', () => {
  it.each(markdownFiles())('every relative link in %s resolves', (file) => {
    const broken = linkTargets(readFileSync(path.join(ROOT, file), 'utf8'))
      .filter((target) => !isExternal(target))
      .map((target) => brokenLink(file, target))
      .filter((problem) => problem !== null);
    expect(broken).toEqual([]);
  });

  it('catches a link to a missing file and a missing heading', () => {
    expect(brokenLink('README.md', 'docs/no-such-file.md')).toMatch(/no such file/);
    expect(brokenLink('README.md', 'docs/decisions/README.md#no-such-heading')).toMatch(
      /no heading/,
    );
    expect(brokenLink('README.md', 'docs/decisions/README.md')).toBeNull();
    expect(linkTargets('see [a](x.md) and `[b](y.md)`\n```\n[c](z.md)\n```\n[d]: w.md')).toEqual([
      'x.md',
      'w.md',
    ]);
  });
});
