import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mabSandboxRequests } from '../../db/schema/mab-sessions.ts';
import { keyedMac, sameSecret } from '../../security/derived-keys.ts';
import type { MabProvider } from './mab-provider.ts';

/** What the person does in the sandbox app. */
export const MAB_SANDBOX_DECISIONS = ['approve', 'decline', 'fail'] as const;
export type MabSandboxDecision = (typeof MAB_SANDBOX_DECISIONS)[number];

/** Where the sandbox app's approval page lives (served by routes/sandbox/mab.ts). */
export const MAB_SANDBOX_PATH = '/sandbox/mab';

export type MabSandbox = MabProvider & {
  /** The pending request behind a request URI, for the app page; null when unknown or expired. */
  pending: (requestUri: string) => Promise<typeof mabSandboxRequests.$inferSelect | null>;
  /**
   * The person's decision in the app: where the browser goes next (our redirect page with
   * `state` and a `code`, or an `error`); null for an unknown or already answered request.
   */
  decide: (requestUri: string, decision: MabSandboxDecision) => Promise<string | null>;
};

/**
 * The MAB sandbox: a stand-in for a signing app's provider that keeps its own records
 * (`mab_sandbox_requests`), shows an approval page ("Test System"), issues single-use codes
 * that expire with the request, refuses a code twice, and can simulate a decline or a failure.
 */
export function createSandboxMabProvider(deps: {
  db: Db;
  publicUrl: string;
  secret: string;
}): MabSandbox {
  const { db } = deps;
  const codeHash = (requestUri: string, code: string) =>
    keyedMac(deps.secret, 'mab-code', `${requestUri}:${code}`);
  return {
    name: 'sandbox',
    async pushAuthorisationRequest(request) {
      const requestUri = `urn:signet:sandbox:mab:${randomBytes(24).toString('base64url')}`;
      const expiresAt = new Date(Date.now() + request.expiresInSeconds * 1000);
      await db.insert(mabSandboxRequests).values({
        requestUri,
        state: request.state,
        redirectUri: request.redirectUri,
        bindingMessage: request.bindingMessage,
        signerName: request.signerName,
        language: request.language,
        expiresAt,
      });
      const authorize = new URL(`${MAB_SANDBOX_PATH}/authorize`, `${deps.publicUrl}/`);
      authorize.searchParams.set('request_uri', requestUri);
      return { requestUri, authorizeUrl: authorize.href, expiresAt };
    },
    async pending(requestUri) {
      const [row] = await db
        .select()
        .from(mabSandboxRequests)
        .where(
          and(
            eq(mabSandboxRequests.requestUri, requestUri),
            isNull(mabSandboxRequests.outcome),
            gt(mabSandboxRequests.expiresAt, new Date()),
          ),
        );
      return row ?? null;
    },
    async decide(requestUri, decision) {
      const code = randomBytes(24).toString('base64url');
      const outcome =
        decision === 'approve' ? 'approved' : decision === 'decline' ? 'declined' : 'failed';
      const [row] = await db
        .update(mabSandboxRequests)
        .set({ outcome, codeHash: decision === 'approve' ? codeHash(requestUri, code) : null })
        .where(
          and(
            eq(mabSandboxRequests.requestUri, requestUri),
            isNull(mabSandboxRequests.outcome),
            gt(mabSandboxRequests.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!row) return null;
      const back = new URL(row.redirectUri);
      back.searchParams.set('state', row.state);
      if (decision === 'approve') back.searchParams.set('code', code);
      else
        back.searchParams.set('error', decision === 'decline' ? 'access_denied' : 'server_error');
      return back.href;
    },
    async redeem({ requestUri, state, code }) {
      const [row] = await db
        .select()
        .from(mabSandboxRequests)
        .where(eq(mabSandboxRequests.requestUri, requestUri));
      if (!row || row.state !== state) return { approved: false, reason: 'unknown request' };
      if (row.outcome !== 'approved' || !row.codeHash) {
        return { approved: false, reason: `not approved (${row.outcome ?? 'pending'})` };
      }
      if (row.expiresAt <= new Date()) return { approved: false, reason: 'expired' };
      if (!sameSecret(codeHash(requestUri, code), row.codeHash)) {
        return { approved: false, reason: 'wrong code' };
      }
      const [used] = await db
        .update(mabSandboxRequests)
        .set({ redeemedAt: new Date() })
        .where(
          and(eq(mabSandboxRequests.requestUri, requestUri), isNull(mabSandboxRequests.redeemedAt)),
        )
        .returning({ requestUri: mabSandboxRequests.requestUri });
      return used ? { approved: true } : { approved: false, reason: 'code already used' };
    },
  };
}
