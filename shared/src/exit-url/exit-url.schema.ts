import { z } from 'zod';

/**
 * Exit URLs a request's creator gives for its direct signers (spec section 5), as sent. Values
 * are not refused: the rules (`parseExitUrls`) ignore URLs that are not http(s) and clamp the
 * timeout, exactly as they do for the same values in a link's query.
 */
export const ZExitUrlsInputSchema = z.strictObject({
  exitUrl: z.string().max(2000).optional(),
  errorUrl: z.string().max(2000).optional(),
  declineUrl: z.string().max(2000).optional(),
  /** Countdown in seconds: default 45, 0 = none, else clamped to 10–90. */
  timeout: z.number().finite().optional(),
  /** Declining redirects (to the decline URL, else the exit URL) only with this flag. */
  declineRedirect: z.boolean().optional(),
});
export type TExitUrlsInput = z.infer<typeof ZExitUrlsInputSchema>;

/** The exit-url state after the rules (its type is the rules' `TExitUrlState`). */
export const ZExitUrlStateSchema = z.object({
  exitUrl: z.string().nullable(),
  errorUrl: z.string().nullable(),
  declineUrl: z.string().nullable(),
  timeout: z.int(),
  redirectOnDecline: z.boolean(),
});
export type { TExitUrlState } from './exit-url.rules.ts';
