import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RequestIssue } from '@headland/domain/api/requestIssues';
import {
  issueFieldLabel,
  requestIssueWords,
  textsLookup,
  type IssueTextLookup,
} from '@headland/domain/api/requestIssueWords';
import { textsDir } from './languageTexts.ts';
import type { FieldError } from './httpErrors.ts';

/**
 * The English words of request issues for an answer's `Message`: the same texts the web app shows in English
 * (web/src/i18n/en.requestIssues.json), read once. The compiled server carries a copy of that file beside this
 * module (the build copies it), so it says the same words without the web app's sources; if neither is there,
 * every issue is said as '<field> is not valid.' (docs/decisions.md, Languages).
 */
const fileName = 'en.requestIssues.json';

export const minimalIssueTexts = { requestIssues: { codes: { invalid: '{{label}} is not valid.' } } };

/** The English texts of the `requestIssues` area from the first of `files` that exists, else the minimal ones. */
export function readIssueTexts(files: readonly string[]): unknown {
  for (const file of files) {
    if (existsSync(file))
      return (JSON.parse(readFileSync(file, 'utf8')) as { requestIssues?: unknown }).requestIssues;
  }
  return minimalIssueTexts.requestIssues;
}

const issueTextFiles = [fileURLToPath(new URL(`./${fileName}`, import.meta.url)), `${textsDir}${fileName}`];

let english: IssueTextLookup | undefined;

function englishTexts(): IssueTextLookup {
  english ??= textsLookup(readIssueTexts(issueTextFiles));
  return english;
}

/** The label of a field path: its last named part, with the entry of a list it is in ('Name (features no. 3)'). */
export function fieldLabel(field: string): string {
  return issueFieldLabel(field, englishTexts(), 'en-GB');
}

/** One issue as an English sentence naming its field in the user's words. */
export function requestIssueSentence(issue: RequestIssue, text: IssueTextLookup = englishTexts()): string {
  return (
    requestIssueWords(issue, text, 'en-GB') ??
    requestIssueWords({ ...issue, Code: 'invalid' }, text, 'en-GB') ??
    `${issueFieldLabel(issue.Field, text, 'en-GB')} is not valid.`
  );
}

/** The entry of an answer's `Errors` for one issue: where, what (as code and parameters) and the words. */
export function fieldErrorOf(issue: RequestIssue, message?: string): FieldError {
  return { ...issue, Message: message ?? requestIssueSentence(issue) };
}
