// The sentence an API caller reads for a refused input. A message our schemas chose (in the message
// modules of src/shared, some of them worded per country) is kept; zod's own defaults ("Invalid
// input: expected string, received undefined", "Too big: …") are rephrased around the field's name.
import type { core, ZodError } from 'zod';
import { messages } from './messages';

/** How every message zod words itself begins (its English locale); none of ours begins so. */
const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too big|Too small|Unrecognized key)/;

const kinds: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

const units: Record<string, string> = { string: ' characters long', array: ' items' };

/** The message for a refused input: its first problem, as issueMessage words it. */
export function firstIssueMessage(error: ZodError): string {
  return issueMessage(error.issues[0]);
}

function issueMessage(issue: core.$ZodIssue | undefined): string {
  if (!issue) return messages.requestInvalid;
  if (!ZOD_DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  const subject = issue.path.length === 0 ? 'The request' : `The field "${issue.path.map(String).join('.')}"`;
  switch (issue.code) {
    case 'invalid_type':
      return `${subject} is missing or is not ${kinds[issue.expected] ?? 'of the right kind'}.`;
    case 'too_big':
      return `${subject} must be at most ${issue.maximum}${units[issue.origin] ?? ''}.`;
    case 'too_small':
      return `${subject} must be at least ${issue.minimum}${units[issue.origin] ?? ''}.`;
    default:
      return `${subject} is not valid.`;
  }
}
