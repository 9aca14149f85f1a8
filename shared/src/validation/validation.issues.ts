/**
 * From the server's 400 VALIDATION_FAILED to messages on form fields. The server sends one
 * issue per refused value (`details`, see server/src/http/validation.ts); a form shows the
 * rule's message (spec section 5) in its own language on the field the issue's path names.
 */

/** The form rules a refused value can break; each app has a message per rule. */
export const FORM_RULES = [
  'required',
  'email',
  'format',
  'minLength',
  'maxLength',
  'invalid',
] as const;
export type TFormRule = (typeof FORM_RULES)[number];

/** A broken rule and its limit (the `{0}` of "maximum of {0} characters"), when it has one. */
export type TFieldError = { rule: TFormRule; limit?: number };

/** One issue of a 400 VALIDATION_FAILED as the server sends it. */
export type TValidationIssue = {
  in?: 'body' | 'query' | 'params';
  path: (string | number)[];
  code: string;
  message: string;
  /** The rule a refinement names (`email`, `format`). */
  rule?: string;
  minimum?: number;
  maximum?: number;
};

function isIssue(value: unknown): value is TValidationIssue {
  const v = value as TValidationIssue | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    Array.isArray(v.path) &&
    typeof v.code === 'string' &&
    typeof v.message === 'string'
  );
}

/** The form rule an issue breaks. */
export function formRuleOf(issue: TValidationIssue): TFieldError {
  if (issue.rule === 'email') return { rule: 'email' };
  if (issue.rule === 'format') return { rule: 'format' };
  switch (issue.code) {
    case 'too_small':
      return issue.minimum === undefined || issue.minimum <= 1
        ? { rule: 'required' }
        : { rule: 'minLength', limit: issue.minimum };
    case 'too_big':
      return issue.maximum === undefined
        ? { rule: 'invalid' }
        : { rule: 'maxLength', limit: issue.maximum };
    case 'invalid_format':
      return { rule: 'format' };
    default:
      return { rule: 'invalid' };
  }
}

/**
 * The field errors of a failed call, keyed by the dotted path of the body field
 * (`supportContact.email`), the first issue per field; `null` when the failure is not a
 * validation failure of body fields.
 */
export function fieldErrorsOf(error: {
  code?: unknown;
  details?: unknown;
}): Record<string, TFieldError> | null {
  if (error.code !== 'VALIDATION_FAILED' || !Array.isArray(error.details)) return null;
  const out: Record<string, TFieldError> = {};
  for (const issue of error.details) {
    if (!isIssue(issue) || (issue.in !== undefined && issue.in !== 'body')) continue;
    const key = issue.path.join('.');
    if (key === '' || key in out) continue;
    out[key] = formRuleOf(issue);
  }
  return Object.keys(out).length > 0 ? out : null;
}
