import {
  type CatalogueKey,
  fieldErrorsOf,
  ISSUES_OMITTED_KEY,
  type Issue,
  type ParamValue,
  renderIssue,
} from '@bec/contracts';
import en from '@bec/contracts/locales/en.json' with { type: 'json' };
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * The API's own sentences come from the catalogue the web app shows in the user's language
 * (packages/contracts/src/locales, ADR 016), in English: `message` and `fieldErrors` for clients
 * that show text as it comes. Compiled once, at start.
 */
// Every rule, field, error code and client failure has its English message, or this fails tsc.
const english: Record<CatalogueKey, string> = en;

const i18n = setupI18n({
  locale: 'en',
  messages: {
    en: Object.fromEntries(
      Object.entries(english).map(([key, message]) => [key, compileMessage(message)]),
    ),
  },
});

/** A message of the shared catalogue in English. */
const englishText = (key: CatalogueKey, values?: Record<string, ParamValue>): string =>
  i18n._(key, values);

/** One issue as an English sentence: "Name must be at most 200 characters". */
export const issueText = (issue: Issue): string => renderIssue(issue, englishText);

/** "and 3 more problems", after the issues an error answer carries (ADR 059). */
export const issuesOmittedText = (count: number) => englishText(ISSUES_OMITTED_KEY, { count });

/** Issues as the envelope's `fieldErrors`: each path's English sentences. */
export const englishFieldErrors = (issues: readonly Issue[]) => fieldErrorsOf(issues, englishText);
