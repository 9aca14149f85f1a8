import { isEmail, isPhone } from '@signet/shared/validation/validation.rules';
import type { TFunction } from '../../lib/i18n.ts';

/** Field name → translated message; a field without an entry is valid. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** Spec section 5's default messages, keyed by rule. */
export function required(t: TFunction, value: string | boolean): string | undefined {
  if (typeof value === 'boolean') return value ? undefined : t('form.required');
  return value.trim() === '' ? t('form.required') : undefined;
}

export function email(t: TFunction, value: string): string | undefined {
  return required(t, value) ?? (isEmail(value.trim()) ? undefined : t('form.email'));
}

export function maxLength(t: TFunction, value: string, max: number): string | undefined {
  return value.length > max ? t('form.maxLength', { 0: max }) : undefined;
}

/** Optional phone: blank is fine, anything else must match the spec's phone pattern. */
export function optionalPhone(t: TFunction, value: string): string | undefined {
  const v = value.trim();
  return v === '' || isPhone(v) ? undefined : t('form.format');
}

/** The errors that are set, in the order given (the order of the fields on screen). */
export function firstError<K extends string>(
  order: readonly K[],
  errors: FieldErrors<K>,
): K | null {
  return order.find((key) => errors[key]) ?? null;
}

/** Moves focus to the field (by id) so keyboard and screen-reader users land on the problem. */
export function focusField(id: string): void {
  const el = document.getElementById(id);
  if (el instanceof HTMLElement) el.focus();
}

/** A query parameter of the current page (browser only). */
export function queryParam(name: string): string | null {
  return new URLSearchParams(window.location.search).get(name);
}
