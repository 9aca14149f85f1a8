/**
 * The site's forms: field rules with spec section 5's messages (the rules themselves are
 * shared's), and the one submit lifecycle every form runs — check the fields, call, and on a
 * refusal show the server's field errors on their fields or the reason above the form.
 */
import { ApiError } from '@signet/shared/api/browser';
import { fieldErrorsOf, type TFieldError } from '@signet/shared/validation/validation.issues';
import { isBlank, isEmail, isMobile } from '@signet/shared/validation/validation.rules';
import { type FormEvent, useRef, useState } from 'react';
import { errorMessage } from './errors.ts';
import type { TFunction } from './i18n.ts';

/** Field name → translated message; a field without an entry is valid. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

/** Spec section 5's default messages, keyed by rule. */
export function required(t: TFunction, value: string | boolean): string | undefined {
  if (typeof value === 'boolean') return value ? undefined : t('account:form.required');
  return isBlank(value) ? t('account:form.required') : undefined;
}

export function email(t: TFunction, value: string): string | undefined {
  return required(t, value) ?? (isEmail(value.trim()) ? undefined : t('account:form.email'));
}

export function maxLength(t: TFunction, value: string, max: number): string | undefined {
  return value.length > max ? t('account:form.maxLength', { 0: max }) : undefined;
}

/** Optional mobile number: blank is fine, anything else must look like one. */
export function optionalMobile(t: TFunction, value: string): string | undefined {
  const v = value.trim();
  return v === '' || isMobile(v) ? undefined : t('account:form.format');
}

/** The message of a rule the server says a value broke. */
export function ruleMessage(t: TFunction, error: TFieldError): string {
  return t(`account:form.${error.rule === 'invalid' ? 'format' : error.rule}`, {
    0: error.limit ?? '',
  });
}

/** Moves focus to the element with this id (a field or the form's alert). */
export function focusField(id: string): void {
  const el = document.getElementById(id);
  if (el instanceof HTMLElement) el.focus();
}

/** A query parameter of the current page (browser only). */
export function queryParam(name: string): string | null {
  return new URLSearchParams(window.location.search).get(name);
}

/** What a form makes of a refused call it understands: field errors and/or its own alert. */
export type TRefusal<K extends string> = { errors?: FieldErrors<K>; alert?: string };

export type TSubmit<K extends string> = {
  /** Field errors found before anything is sent (may ask the server, e.g. a password check). */
  check?: () => FieldErrors<K> | Promise<FieldErrors<K>>;
  /** The call and what follows it; the form stays busy afterwards unless `done` is set. */
  run: () => Promise<unknown>;
  /** Success leaves the form usable (no navigation follows). */
  done?: boolean;
  /**
   * A refusal this form explains itself (an empty object: it shows it some other way); `null`
   * leaves it to the general handling.
   */
  refused?: (error: ApiError) => TRefusal<K> | null;
};

/**
 * The submit lifecycle of the site's forms: one submission at a time; field errors set and the
 * first in `order` focused; the server's validation errors shown on their fields; any other
 * refusal shown in the form's alert (`alertId`), which takes focus.
 */
export function useFormSubmit<K extends string>(opts: {
  t: TFunction;
  /** The fields in screen order, with the ids of their inputs. */
  ids: Readonly<Record<K, string>>;
  alertId: string;
}) {
  const { t, ids, alertId } = opts;
  const order = Object.keys(ids) as K[];
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  const showErrors = (found: FieldErrors<K>, merge: boolean): boolean => {
    setErrors((current) => (merge ? { ...current, ...found } : found));
    const first = order.find((key) => found[key]);
    if (first) focusField(ids[first]);
    return first !== undefined;
  };

  const submit =
    (how: TSubmit<K>) =>
    async (event?: FormEvent): Promise<void> => {
      event?.preventDefault();
      if (running.current) return;
      running.current = true;
      setBusy(true);
      setAlert(null);
      // After a success that navigates away, the form stays busy: no second submission.
      let leaving = false;
      try {
        if (showErrors((await how.check?.()) ?? {}, false)) return;
        await how.run();
        leaving = !how.done;
      } catch (caught) {
        const error = ApiError.of(caught);
        const own = how.refused?.(error);
        const server = fieldErrorsOf(error);
        const fields: FieldErrors<K> = { ...own?.errors };
        for (const [path, broken] of Object.entries(server ?? {})) {
          if (path in ids && !fields[path as K]) fields[path as K] = ruleMessage(t, broken);
        }
        if (own) {
          // The form explained it (field errors, its own alert, or something else it shows).
          if (own.alert) setAlert(own.alert);
          if (!showErrors(fields, true) && own.alert) focusField(alertId);
        } else if (!showErrors(fields, true)) {
          setAlert(errorMessage(t, error));
          focusField(alertId);
        }
      } finally {
        if (!leaving) {
          running.current = false;
          setBusy(false);
        }
      }
    };

  /** Clears one field's error (the user typed in it). */
  const touch = (key: K) => {
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  return { errors, alert, busy, submit, touch, setAlert };
}
