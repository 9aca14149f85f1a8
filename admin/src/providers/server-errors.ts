/**
 * From the API's refusals to react-admin's: a 400 VALIDATION_FAILED becomes an HttpError whose
 * `body.errors` names the broken rule per field (react-admin shows them on the fields, in the
 * console's language); any other refusal an HttpError with the errors namespace's text key.
 */
import { ApiError } from '@signet/shared/api/browser';
import { fieldErrorsOf, type TFieldError } from '@signet/shared/validation/validation.issues';
import { HttpError } from 'react-admin';

/** react-admin's marker for a validation message with arguments (see its ValidationError). */
const WITH_ARGS = '@@react-admin@@';

/** react-admin's message for a broken rule (its ra.validation.* texts, in every language). */
export function ruleMessage(error: TFieldError): string {
  switch (error.rule) {
    case 'required':
      return 'ra.validation.required';
    case 'email':
      return 'ra.validation.email';
    case 'maxLength':
      return `${WITH_ARGS}${JSON.stringify({ message: 'ra.validation.maxLength', args: { max: error.limit } })}`;
    case 'minLength':
      return `${WITH_ARGS}${JSON.stringify({ message: 'ra.validation.minLength', args: { min: error.limit } })}`;
    default:
      return 'ra.validation.regex';
  }
}

/** `{ a: { b: msg } }` from `{ 'a.b': msg }`: the shape react-admin sets on a form. */
function nest(flat: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const keys = path.split('.');
    let node = out;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) {
        node[key] = message;
        return;
      }
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    });
  }
  return out;
}

/** The translation key of a refusal's text: `errors.<CODE>` (locales/<lang>/errors.json). */
export const errorKey = (code: string) => `errors.${code}`;

/** Any failure of a call as react-admin's HttpError (see the module comment). */
export function toHttpError(error: unknown): HttpError {
  // A resource's own refusal (a field the call cannot check, e.g. a path segment) as it is.
  if (error instanceof HttpError) return error;
  const api = ApiError.of(error);
  const fields = fieldErrorsOf(api);
  const errors = fields
    ? nest(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, ruleMessage(v)])))
    : undefined;
  const message = api.status === 0 ? 'ra.notification.http_error' : errorKey(api.code);
  return new HttpError(message, api.status, {
    code: api.code,
    ...(api.details !== undefined ? { details: api.details } : {}),
    ...(errors ? { errors } : {}),
  });
}
