import { readFileSync } from 'node:fs';
import { PASSWORD_MIN_LENGTH, type TPasswordErrorCode } from '@signet/shared/user/user.schema';
import { AppError } from '../errors.ts';

let common: ReadonlySet<string> | undefined;

/** The bundled list of common passwords (lowercase), read once. */
export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#')),
  );
  return common;
}

/**
 * Whether the password is, or is a listed word followed only by digits and symbols
 * ("sunshine2024!"), or a listed word with a leading capital: the guesses an attacker tries
 * first.
 */
export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  const lower = password.toLowerCase();
  if (list.has(lower)) return true;
  const stem = lower.replace(/[\d\W_]+$/u, '');
  return stem.length >= 4 && stem !== lower && list.has(stem);
}

/**
 * The password policy: at least {@link PASSWORD_MIN_LENGTH} characters, not a common password,
 * and not containing the e-mail address or its local part. Returns null when it passes.
 */
export function checkPasswordPolicy(password: string, email?: string): TPasswordErrorCode | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return 'TOO_SHORT';
  if (isCommonPassword(password)) return 'COMMON';
  if (email) {
    const lower = password.toLowerCase();
    const address = email.toLowerCase();
    const local = address.split('@')[0] ?? '';
    // A very short local part ("jo@…") would refuse too much; the whole address still counts.
    if (lower.includes(address) || (local.length >= 3 && lower.includes(local))) {
      return 'CONTAINS_EMAIL';
    }
  }
  return null;
}

const POLICY_ERRORS: Record<TPasswordErrorCode, [code: string, message: string]> = {
  TOO_SHORT: [
    'PASSWORD_TOO_SHORT',
    `The password must have at least ${PASSWORD_MIN_LENGTH} characters`,
  ],
  COMMON: ['PASSWORD_COMMON', 'This password is too common; choose another one'],
  CONTAINS_EMAIL: ['PASSWORD_CONTAINS_EMAIL', 'The password must not contain your e-mail address'],
};

/** Throws 400 PASSWORD_TOO_SHORT | PASSWORD_COMMON | PASSWORD_CONTAINS_EMAIL when it fails. */
export function assertPasswordPolicy(password: string, email: string): void {
  const failure = checkPasswordPolicy(password, email);
  if (!failure) return;
  const [code, message] = POLICY_ERRORS[failure];
  throw new AppError(code, 400, message, { errorCode: failure });
}
