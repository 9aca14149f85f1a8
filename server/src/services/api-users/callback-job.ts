import { createHmac } from 'node:crypto';
import {
  CALLBACK_MAX_ATTEMPTS,
  CALLBACK_SIGNATURE_HEADER,
  CALLBACK_TIMEOUT_MS,
} from '@signet/shared/api-user/api-user.constants';
import { callbackKindOf } from '@signet/shared/api-user/api-user.rules';
import type { TCallbackBody, TCallbackUrls } from '@signet/shared/api-user/api-user.schema';
import { signerStatus } from '@signet/shared/signature-request/signature-request.rules';
import { asc, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { apiUsers } from '../../db/schema/api-users.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { signers } from '../../db/schema/signers.ts';
import { type JobHandler, PermanentJobError } from '../../jobs/worker.ts';
import { recordBusinessEvents } from '../businesses/business-events.ts';
import { openApiKey } from './api-keys.ts';
import { assertPublicTarget } from './callback-address.ts';

/** The job kind the event-log trigger of migration 0015 queues. */
export const API_CALLBACK_JOB = 'api-callback';

type Payload = { requestId: string; eventId: number; eventType: string; at: string };

const URL_OF = {
  success: 'callback_success_url',
  error: 'callback_error_url',
  update: 'callback_update_url',
} as const satisfies Record<string, keyof TCallbackUrls>;

/** The HMAC header value of a callback body: `sha256=` and the hex HMAC-SHA256 under the API key. */
export const callbackSignature = (apiKey: string, body: string): string =>
  `sha256=${createHmac('sha256', apiKey).update(body, 'utf8').digest('hex')}`;

type Deps = { db: Db; config: Pick<Config, 'mode' | 'secret'> };

/**
 * The worker's handler for callbacks: POSTs the request's status after the event to the URL its
 * kind names, signed with the API user's key. An answer other than 2xx, a timeout (10 s) or a
 * network error is retried with the worker's backoff and finally marked dead; every attempt goes
 * into the business's activity log (`api_callback`), so the admin sees them.
 */
export function apiCallbackHandlers(deps: Deps): Record<string, JobHandler> {
  return {
    [API_CALLBACK_JOB]: async (job) => {
      const p = job.payload as Payload;
      const kind = callbackKindOf(p.eventType);
      if (!kind) return { status: 'delivered', result: { skipped: p.eventType } };
      const [request] = await deps.db
        .select({
          id: signatureRequests.id,
          status: signatureRequests.status,
          urls: signatureRequests.callbackUrls,
          businessId: signatureRequests.businessId,
          keySealed: apiUsers.keySealed,
          username: apiUsers.username,
        })
        .from(signatureRequests)
        .leftJoin(apiUsers, eq(apiUsers.id, signatureRequests.apiUserId))
        .where(eq(signatureRequests.id, p.requestId));
      const target = request?.urls?.[URL_OF[kind]];
      if (!request || !target) return { status: 'delivered', result: { skipped: kind } };
      if (!request.keySealed) throw new PermanentJobError('the API user was deleted');
      const rows = await deps.db
        .select({
          email: signers.email,
          order: signers.order,
          signedAt: signers.signedAt,
          declinedAt: signers.declinedAt,
        })
        .from(signers)
        .where(eq(signers.requestId, request.id))
        .orderBy(asc(signers.order), asc(signers.email));
      const body: TCallbackBody = {
        event: p.eventType,
        callback: kind,
        signature_request_id: request.id,
        status_overall: request.status,
        signatures: rows.map((s) => ({
          account_email: s.email,
          status_code: signerStatus(request.status, s, rows),
        })),
        at: new Date(p.at).toISOString(),
      };
      const text = JSON.stringify(body);
      const attempt = { url: target, kind, event: p.eventType, attempt: job.attempts };
      const giveUpOrRetry = (message: string): never => {
        if (job.attempts >= CALLBACK_MAX_ATTEMPTS) throw new PermanentJobError(message);
        throw new Error(message);
      };
      const log = (outcome: Record<string, unknown>) =>
        request.businessId
          ? recordBusinessEvents(deps.db, [
              {
                businessId: request.businessId,
                type: 'api_callback',
                actor: { id: null, email: null },
                subject: request.username,
                data: { ...attempt, requestId: request.id, ...outcome },
              },
            ])
          : Promise.resolve();
      let status = 0;
      try {
        const url = new URL(target);
        await assertPublicTarget(deps.config, url);
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            [CALLBACK_SIGNATURE_HEADER]: callbackSignature(
              openApiKey(deps.config.secret, request.keySealed),
              text,
            ),
          },
          body: text,
          redirect: 'manual',
          signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
        });
        status = response.status;
        await response.body?.cancel();
      } catch (e) {
        const error = e instanceof Error ? e.message : String(e);
        await log({ ok: false, error });
        giveUpOrRetry(`callback failed: ${error}`);
      }
      await log({ ok: status >= 200 && status < 300, status });
      if (status < 200 || status >= 300) giveUpOrRetry(`callback answered ${status}`);
      return { status: 'delivered', result: { ...attempt, status } };
    },
  };
}
