import type { THighestQuality } from '../user/user.rules.ts';

/** Identification methods (spec section 4): a legislation, done by video or by oneself. */
export const IDENT_LEGISLATIONS = ['eidas', 'zertes'] as const;
export type TIdentLegislation = (typeof IDENT_LEGISLATIONS)[number];
export const IDENT_MODES = ['video', 'self'] as const;
export type TIdentMode = (typeof IDENT_MODES)[number];

/** Appointment states the interface shows. */
export const APPOINTMENT_STATES = [
  'initialized',
  'inprogress',
  'activatingQES',
  'failure',
] as const;
export type TAppointmentState = (typeof APPOINTMENT_STATES)[number];

/**
 * Maps an identification provider's appointment status to the interface state:
 * initialized and unknown → initialized, inprogress → inprogress, success → activatingQES,
 * failure → failure. Case and a `_`/`-` inside (`IN_PROGRESS`) are ignored; any other set value
 * is treated like unknown. No status (`null`, `undefined`, `''`) → `null`.
 */
export function appointmentState(status: string | null | undefined): TAppointmentState | null {
  if (status == null) return null;
  const normalised = status.trim().toLowerCase().replace(/[-_ ]/g, '');
  if (normalised === '') return null;
  switch (normalised) {
    case 'inprogress':
      return 'inprogress';
    case 'success':
      return 'activatingQES';
    case 'failure':
      return 'failure';
    default:
      return 'initialized';
  }
}

/**
 * An identification is ongoing when an appointment status is set and the user's highest
 * quality is not yet qes; identification pages then redirect to the status page.
 */
export function hasOngoingIdent(
  appointmentStatus: string | null | undefined,
  highest: THighestQuality,
): boolean {
  return appointmentState(appointmentStatus) !== null && highest !== 'qes';
}

/** The facts of a verified identity that name one person (what the certificates carry). */
export type TVerifiedPerson = {
  givenName: string;
  surname: string;
  birthDate: string;
  nationality: string;
};

const sameText = (a: string, b: string) =>
  a.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('und') ===
  b.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('und');

/**
 * Whether two verified identities are the same person: names (Unicode-normalised, case and
 * spacing aside), birth date and nationality. Once a person (an account, or a direct signer's
 * slot) is identified, their certificates carry one serial number for that identity; an
 * identification or e-ID data naming someone else is a serial number mismatch
 * (`SERIAL_NUMBER_MISMATCH`) and never replaces it.
 */
export function sameVerifiedPerson(a: TVerifiedPerson, b: TVerifiedPerson): boolean {
  return (
    sameText(a.givenName, b.givenName) &&
    sameText(a.surname, b.surname) &&
    a.birthDate === b.birthDate &&
    a.nationality.trim().toUpperCase() === b.nationality.trim().toUpperCase()
  );
}
