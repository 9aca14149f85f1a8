import { z } from 'zod';
import type { TApiError } from './route.ts';

/** The JSON body of every API error: `{ code, message, details? }`. */
export const ZApiErrorSchema: z.ZodType<TApiError> = z.object({
  code: z.string().regex(/^[A-Z][A-Z0-9_]*$/),
  message: z.string(),
  details: z.unknown().optional(),
});
export type { TApiError };
