import { z } from 'zod';
import { isEmail, isMobile, isPhone } from './validation.rules.ts';

/**
 * The field validators of spec section 5 as zod schemas. A refinement names its rule in
 * `params.rule`; the server passes it on in the issue (`details[].rule` of a 400
 * VALIDATION_FAILED), so a form can show the rule's message on the field in its own language.
 */

/**
 * E-mail address (spec section 5, `isEmail`): a local part without a leading, trailing or double
 * dot and a domain whose top-level domain has at least two letters. Trimmed and lowercased.
 */
export const ZEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine(isEmail, { error: 'Please enter a valid email.', params: { rule: 'email' } });
export type TEmail = z.infer<typeof ZEmailSchema>;

/** An e-mail address or '' (cleared). */
export const ZOptionalEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v === '' || isEmail(v), {
    error: 'Please enter a valid email.',
    params: { rule: 'email' },
  });
export type TOptionalEmail = z.infer<typeof ZOptionalEmailSchema>;

/** A phone number in the spec's format, e.g. `+(041) 791-234567`, `079.123.4567`. Trimmed. */
export const ZPhoneSchema = z
  .string()
  .trim()
  .refine(isPhone, { error: 'Invalid format.', params: { rule: 'format' } });
export type TPhone = z.infer<typeof ZPhoneSchema>;

/** A phone number or '' (cleared). */
export const ZOptionalPhoneSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || isPhone(v), { error: 'Invalid format.', params: { rule: 'format' } });
export type TOptionalPhone = z.infer<typeof ZOptionalPhoneSchema>;

/** A mobile number (see `isMobile`). Trimmed. */
export const ZMobileSchema = z
  .string()
  .trim()
  .refine(isMobile, { error: 'Invalid format.', params: { rule: 'format' } });
export type TMobile = z.infer<typeof ZMobileSchema>;
