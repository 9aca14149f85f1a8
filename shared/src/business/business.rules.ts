/** Rules about businesses (spec sections 4 and 5). */
import { isEmail, isPhone } from '../validation/validation.rules.ts';

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
