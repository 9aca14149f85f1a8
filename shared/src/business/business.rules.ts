/** Rules about businesses (spec sections 3, 4, 5 and 9). Pure: no database, no DOM. */
import { EXPORT_FILE_NAMES, type TSignatureExportGroup } from '../activity/activity.constants.ts';
import { isEmail, isPhone } from '../validation/validation.rules.ts';
import {
  BUSINESS_DELETION_GRACE_DAYS,
  DEFAULT_BUSINESS_SETTINGS,
  DOMAIN_TXT,
  type TBusinessRole,
} from './business.constants.ts';
import type { TBusinessSettings, TUpdateBusinessSettings } from './business.schema.ts';

/** A business's support contact as stored or entered. */
export type TSupportContactInput = { email?: string | null; phone?: string | null };

/**
 * The support contact with an invalid e-mail or phone blanked (`''`); valid values are trimmed.
 */
export function sanitiseSupportContact(contact: TSupportContactInput | null | undefined): {
  email: string;
  phone: string;
} {
  const email = contact?.email?.trim() ?? '';
  const phone = contact?.phone?.trim() ?? '';
  return { email: isEmail(email) ? email : '', phone: isPhone(phone) ? phone : '' };
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `base` with every value of `over` that has the same shape (objects merged, leaves replaced). */
function mergeShaped<T>(base: T, over: unknown): T {
  if (!isObject(base) || !isObject(over)) {
    if (base === null || over === null) return (over === undefined ? base : over) as T;
    return (typeof over === typeof base ? over : base) as T;
  }
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(base)) {
    if (key in over) out[key] = mergeShaped(value, over[key]);
  }
  return out as T;
}

/**
 * The settings of a business: what it stored (any subset, possibly from an older version) over
 * the defaults, with the support contact blanked where invalid (spec section 5). The one way to
 * read settings: the server answers them through it, and the services decide by it.
 */
export function resolveBusinessSettings(stored: unknown): TBusinessSettings {
  const settings = mergeShaped(DEFAULT_BUSINESS_SETTINGS, stored ?? {});
  return { ...settings, supportContact: sanitiseSupportContact(settings.supportContact) };
}

/** A setting the plan decides was asked to change. */
export type TSettingRefusal = { path: string };

/**
 * The settings after an admin's change (`PUT …/settings`), or the first refused path: a mail
 * attachment whose `customisable` is false keeps its value.
 */
export function applySettingsUpdate(
  current: TBusinessSettings,
  update: TUpdateBusinessSettings,
): { settings: TBusinessSettings } | { refused: TSettingRefusal } {
  const attachments = update.mailService?.attachments;
  for (const name of ['signedDocument', 'signatureProtocol'] as const) {
    const wanted = attachments?.[name]?.enabled;
    const now = current.mailService.attachments[name];
    if (wanted !== undefined && wanted !== now.enabled && !now.customisable) {
      return { refused: { path: `mailService.attachments.${name}.enabled` } };
    }
  }
  const { companyBranding, ...rest } = update;
  const merged = mergeShaped(current, rest);
  return {
    settings: {
      ...merged,
      companyBranding: companyBranding ? { logo: null } : merged.companyBranding,
      supportContact: sanitiseSupportContact(merged.supportContact),
    },
  };
}

/**
 * Whether a business keeps at least one admin after `change` is applied to the members `ids`
 * (spec: a business always keeps at least one admin).
 */
export function keepsAnAdmin(
  members: readonly { id: string; role: TBusinessRole }[],
  change: { kind: 'demote' | 'remove'; ids: readonly string[] },
): boolean {
  const touched = new Set(change.ids);
  return members.some((m) => m.role === 'admin' && !touched.has(m.id));
}

/** The domain of an address (after the last `@`), lowercased. */
export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** The DNS TXT record that proves `domain`: its name and its value. */
export function domainRecord(domain: string, token: string): { name: string; value: string } {
  return { name: `${DOMAIN_TXT.label}.${domain}`, value: `${DOMAIN_TXT.valuePrefix}${token}` };
}

/** When a deletion asked for at `now` is carried out. */
export function deletionDueAt(now: Date): Date {
  return new Date(now.getTime() + BUSINESS_DELETION_GRACE_DAYS * 24 * 60 * 60 * 1000);
}

/** The moment before which a finished request is past a retention of `days`. */
export function retentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
}

/**
 * The file name of a CSV export (spec section 9): `cost_centre_report` or `signature_usage`, or
 * `identifications`, then the period's first and last day.
 */
export function exportFileName(
  kind: 'signatures' | 'identifications',
  period: { start: string; end: string },
  groupBy?: TSignatureExportGroup,
): string {
  const base =
    kind === 'identifications'
      ? EXPORT_FILE_NAMES.identifications
      : groupBy === 'cost_centre'
        ? EXPORT_FILE_NAMES.costCentre
        : EXPORT_FILE_NAMES.signatures;
  return `${base}_${period.start}_${period.end}.csv`;
}
