import { z } from 'zod';
import { SIGNING_PROVIDERS } from './signing.constants.ts';

/** `POST /v3/{provider}/proceed/{id}`: the mobile confirmation of a signature (spec section 7). */
export const ZProceedParamsSchema = z.object({
  provider: z.enum(SIGNING_PROVIDERS),
  id: z.string().min(1).max(64),
});
export const ZProceedSchema = z.strictObject({
  /** The one-time code the person received (mobile OTP, or the TAN). */
  pwdotp: z.string().trim().min(4).max(20),
});
export type TProceedParams = z.infer<typeof ZProceedParamsSchema>;
export type TProceed = z.infer<typeof ZProceedSchema>;
