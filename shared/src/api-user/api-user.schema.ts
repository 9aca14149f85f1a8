import { z } from 'zod';
import { API_USER_NAME_MAX_LENGTH } from './api-user.constants.ts';

export * from './api-user.constants.ts';

/** One API user of a business (`GET /v1/businesses/{id}/apis`). */
export const ZApiUserSchema = z.object({
  username: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** When its key last authenticated a call; null before the first. */
  lastUsedAt: z.string().nullable(),
  /** When its key was last reset; null while it has its first key. */
  keyResetAt: z.string().nullable(),
  /** The address of the account it acts through: name it as a signer of a request it seals. */
  accountEmail: z.string(),
});
export type TApiUser = z.infer<typeof ZApiUserSchema>;

export const ZApiUserListSchema = z.array(ZApiUserSchema);
export type TApiUserList = z.infer<typeof ZApiUserListSchema>;

/** An API user with its key: the answer of creating one and of a reset, the only time it is shown. */
export const ZApiUserWithKeySchema = ZApiUserSchema.extend({ apiKey: z.string() });
export type TApiUserWithKey = z.infer<typeof ZApiUserWithKeySchema>;

/** `POST /v1/businesses/{id}/apis` and `PUT …/apis/{username}`. */
export const ZApiUserInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(API_USER_NAME_MAX_LENGTH),
});
export type TApiUserInput = z.infer<typeof ZApiUserInputSchema>;

/** `…/apis/{username}`. */
export const ZApiUserParamsSchema = z.strictObject({
  id: z.string().min(1).max(100),
  username: z.string().min(1).max(100),
});
export type TApiUserParams = z.infer<typeof ZApiUserParamsSchema>;

/** Callback URLs a request created through the API may carry (Skribble's names). */
export const ZCallbackUrlsSchema = z.strictObject({
  callback_success_url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
  callback_error_url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
  callback_update_url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
});
export type TCallbackUrls = z.infer<typeof ZCallbackUrlsSchema>;

/** What a callback POSTs (JSON): the request's status after the event. */
export const ZCallbackBodySchema = z.object({
  event: z.string(),
  callback: z.enum(['success', 'error', 'update']),
  signature_request_id: z.string(),
  status_overall: z.string(),
  signatures: z.array(z.object({ account_email: z.string(), status_code: z.string() })),
  at: z.string(),
});
export type TCallbackBody = z.infer<typeof ZCallbackBodySchema>;
