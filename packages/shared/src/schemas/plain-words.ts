import { z } from 'zod';

/**
 * Zod's own wording ("Too big: expected string to have <=200 characters") is for developers; a
 * customer who meets a limit the form did not stop reads it in words. Every schema that names its
 * own message keeps it; this words the rest, in the browser and in the API's answers alike.
 */
function plainWords(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `This text is too long: at most ${max.toLocaleString('en-US')} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${max.toLocaleString('en-US')}.`;
      return `This must be at most ${max.toLocaleString('en-US')}.`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? 'This field is required.' : `This needs at least ${min} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at least ${min.toLocaleString('en-US')}.`;
      return `This must be at least ${min.toLocaleString('en-US')}.`;
    }
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'This field is required.' : 'This value is not valid.';
    case 'invalid_value':
      return 'Choose one of the options.';
    case 'invalid_format':
    case 'invalid_union':
    case 'not_multiple_of':
    case 'unrecognized_keys':
    case 'invalid_key':
    case 'invalid_element':
      return 'This value is not valid.';
    default:
      return undefined;
  }
}

z.config({ customError: plainWords });
