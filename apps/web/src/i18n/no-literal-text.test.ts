import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { appSources, catalogues, SRC } from './catalogue-files';

/** Props and option keys whose strings a user reads or hears (or a screen reader announces). */
const USER_VISIBLE = new Set([
  'label',
  'placeholder',
  'title',
  'description',
  'alt',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'error',
  'message',
  'confirm',
  'cancel',
  'nothingFoundMessage',
  'emptyMessage',
  'loadingText',
]);

/** Text that is the same in every language: none of it is a word. */
const LANGUAGE_FREE = /^[^\p{L}]*$/u;

/** A message key (`'nav.home'`) is how a text is named, not the text itself. */
const KEYS = new Set(catalogues().flatMap(({ messages }) => Object.keys(messages.en)));
const isText = (text: string) => !LANGUAGE_FREE.test(text) && !KEYS.has(text);

type Finding = string;

function findLiterals(file: string): Finding[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const findings: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart());
    findings.push(`${relative(SRC, file)}:${line + 1}: "${text.trim()}"`);
  };
  const stringOf = (node: ts.Node | undefined): string | null => {
    if (!node) return null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node))
      return node.head.text + node.templateSpans.map((s) => s.literal.text).join(' ');
    if (ts.isJsxExpression(node)) return stringOf(node.expression);
    if (ts.isConditionalExpression(node))
      return stringOf(node.whenTrue) ?? stringOf(node.whenFalse);
    return null;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isText(node.text)) report(node, node.text);
    if (
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      const text = stringOf(node.expression);
      if (text !== null && isText(text)) report(node, text);
    }
    if (ts.isJsxAttribute(node) && USER_VISIBLE.has(node.name.getText(source))) {
      const text = stringOf(node.initializer);
      if (text !== null && isText(text)) report(node, text);
    }
    if (
      ts.isPropertyAssignment(node) &&
      USER_VISIBLE.has(node.name.getText(source).replace(/['"]/g, ''))
    ) {
      const text = stringOf(node.initializer);
      if (text !== null && isText(text)) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

describe('user-visible text', () => {
  it('comes from the catalogues: no words written into components, labels or messages', () => {
    const findings = appSources().flatMap(findLiterals);
    expect(findings).toEqual([]);
  });
});
