import {
  type CatalogueKey,
  ISSUES_OMITTED_KEY,
  type Issue,
  issueOf,
  type ParamValue,
  renderIssue,
} from '@bec/contracts';
import type { z } from 'zod';
import { t } from '@/i18n/i18n';
import { ApiError, reasonOf, setErrorRenderer } from '@/lib/api-error';
// The shared catalogue's texts (rules, fields, codes, failures), loaded with the API client: an
// ApiError only exists once they are here.
import '@/lib/shared-catalogue';

const translate = (key: CatalogueKey, values?: Record<string, ParamValue>) => t(key, values);

/** No token to send: signed out, or the provider refused to renew the session. */
export const isTokenUnavailable = (err: unknown): boolean =>
  err instanceof ApiError && err.failure?.code === 'token_unavailable';

/** One validation problem as a sentence in the current language. */
const issueText = (issue: Issue): string => renderIssue(issue, translate);

/** Issues grouped by field, each field's sentences in the current language. */
function issueTexts(issues: readonly Issue[]): Record<string, string[]> {
  const texts: Record<string, string[]> = {};
  for (const issue of issues)
    texts[issue.field] = [...(texts[issue.field] ?? []), issueText(issue)];
  return texts;
}

/**
 * A failed call's problems per field, in the current language: its issues, or the API's English
 * `fieldErrors` when it sent no issues; empty for anything else.
 */
export function fieldErrorTexts(err: unknown): Record<string, string[]> {
  if (!(err instanceof ApiError)) return {};
  return err.issues.length ? issueTexts(err.issues) : { ...err.fieldErrors };
}

function render(err: unknown): string {
  if (!(err instanceof ApiError)) return reasonOf(err);
  if (err.failure) return t(`client.${err.failure.code}`, err.failure.params);
  if (err.issues.length) {
    // The API sends the first problems only, and how many more it found (ADR 059).
    const more = err.issuesOmitted > 0 ? [t(ISSUES_OMITTED_KEY, { count: err.issuesOmitted })] : [];
    return [...err.issues.map(issueText), ...more].join('; ');
  }
  if (err.reason) return t(`reason.${err.reason.code}`, err.reason.params);
  // An answer with no code (a proxy's, an old server's) says what it says.
  return err.code ? t(`error.${err.code}`) : err.message;
}
setErrorRenderer(render);

/** Any error in the current language (see `errorText` in lib/api-error.ts). */
export { errorText } from '@/lib/api-error';

/**
 * A form's validation with a contract's schema, as Mantine's `validate`: each field's first
 * problem, as a sentence in the current language (the rule the schema names, see issues.ts).
 */
export function contractErrors<S extends z.ZodType>(schema: S) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const { path, message } of result.error.issues) {
      const field = path.map(String).join('.');
      errors[field] ??= issueText(issueOf(path, message));
    }
    return errors;
  };
}

/** A contract's first problem with one value, in the current language, or null (a field's `validate`). */
export function firstProblem<S extends z.ZodType>(schema: S, value: unknown): string | null {
  const result = schema.safeParse(value);
  const first = result.success ? undefined : result.error.issues[0];
  return first ? issueText(issueOf(first.path, first.message)) : null;
}
