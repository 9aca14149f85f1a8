import type { ZSignResultSchema } from '@signet/shared/signature-request/signature-request.schema';
import type { z } from 'zod';
import { AppError, isAppError } from '../../errors.ts';
import type { AccountSigningContext } from './context.ts';
import { signRequest, type TSignPayload } from './sign-request.ts';
import { resolveTrust } from './trust-step.ts';

type TSignResult = z.output<typeof ZSignResultSchema>;

/**
 * `POST /v3/sign`: decides first how each entry is signed (its quality; for AES and QES the TAN
 * step and the signer's certificate, see `resolveTrust`, which may answer 428 TAN_REQUIRED for
 * the whole batch), then signs each entry in its own transaction and reports per entry. A
 * refusal (stranger 404, not your turn 409, quality too low 403, …) is that entry's result and
 * the others go on. When no entry could be signed the call itself fails with the first entry's
 * error (status and code), every entry's result in `details.results`: a batch that signed
 * nothing is an error. `confirmed`: the TAN was checked already (the mobile confirmation).
 */
export async function signRequests(
  ctx: AccountSigningContext,
  batch: readonly TSignPayload[],
  options: { confirmed?: boolean } = {},
): Promise<TSignResult> {
  const results: TSignResult = [];
  let firstError: AppError | undefined;
  const trust = await resolveTrust(ctx, batch, options);
  for (const entry of batch) {
    try {
      const how = trust.get(entry.signatureRequestId);
      if (how instanceof AppError) throw how;
      const status = await signRequest(ctx, entry, how);
      results.push({
        signatureRequestId: entry.signatureRequestId,
        ok: true,
        status_overall: status,
      });
    } catch (e) {
      let error: AppError;
      // Refusals (4xx) and a time-stamping outage (503) keep their code; the rest is ours.
      if (isAppError(e) && (e.status < 500 || e.status === 503)) {
        error = e;
      } else {
        ctx.log?.error({ err: e, requestId: entry.signatureRequestId }, 'signing failed');
        error = new AppError(
          'SIGNING_FAILED',
          500,
          'The signature could not be applied; nothing was changed. Please try again.',
        );
      }
      firstError ??= error;
      results.push({
        signatureRequestId: entry.signatureRequestId,
        ok: false,
        code: error.code,
        message: error.message,
      });
    }
  }
  if (firstError && results.every((r) => !r.ok)) {
    throw new AppError(
      firstError.code,
      firstError.status,
      firstError.message,
      // The first refusal's own details (what a QUALITY_TOO_LOW asks for) and every result.
      {
        ...(firstError.details && typeof firstError.details === 'object' ? firstError.details : {}),
        results,
      },
      firstError.headers,
    );
  }
  return results;
}
