import { createHash, randomBytes } from 'node:crypto';
import { statusAfterSignature } from '@signet/shared/signature-request/signature-request.rules';
import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { documents } from '../../db/schema/documents.ts';
import { signatureRequests } from '../../db/schema/signature-requests.ts';
import { signers } from '../../db/schema/signers.ts';
import { notifyNextSigners } from '../../services/signature-requests/notify-next-signers.ts';
import type { TestApp } from '../../testing/app.ts';

/**
 * A document row owned by `ownerId`, as the documents service leaves it after an upload. The
 * request calls only use its metadata (id, hash, page count), so no PDF is stored here; the
 * documents service has its own upload tests.
 */
export async function insertDocument(
  t: TestApp,
  ownerId: string,
  options: { title?: string; pages?: number } = {},
): Promise<{ id: string; sha256: string }> {
  const sha256 = createHash('sha256').update(randomBytes(16)).digest('hex');
  const [row] = await t.db
    .insert(documents)
    .values({
      ownerId,
      title: options.title ?? 'Contract.pdf',
      size: 1234,
      pageCount: options.pages ?? 2,
      sha256,
      blobKey: sha256,
      currentBlobKey: sha256,
    })
    .returning({ id: documents.id, sha256: documents.sha256 });
  if (!row) throw new Error('no document');
  return row;
}

/**
 * Stands in for the signing service's final database step (the PDF work is tested there): sets
 * the signer's signed_at, moves the request to SIGNED when everyone has, and sends what is due —
 * exactly what `POST /v3/sign` does after the PDF is signed.
 */
export async function simulateSignature(
  t: TestApp,
  requestId: string,
  email: string,
): Promise<void> {
  await t.db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .update(signers)
      .set({ signedAt: now, signingName: email })
      .where(and(eq(signers.requestId, requestId), eq(signers.email, email)));
    const all = await tx.select().from(signers).where(eq(signers.requestId, requestId));
    if (statusAfterSignature(all) === 'SIGNED') {
      await tx
        .update(signatureRequests)
        .set({ status: 'SIGNED', completedAt: now, updatedAt: now })
        .where(eq(signatureRequests.id, requestId));
    }
    await notifyNextSigners(tx, requestId, t.config);
  });
}

const SNAPSHOT_TABLES = [
  'signature_requests',
  'signers',
  'observers',
  'request_documents',
  'documents',
  'request_events',
  'request_event_heads',
  'attachments',
  'jobs',
] as const;

/** Every row of the request tables (and the outbox), for "nothing changed" assertions. */
export async function snapshot(t: TestApp): Promise<string> {
  const parts: Record<string, unknown> = {};
  for (const table of SNAPSHOT_TABLES) {
    const res = await t.db.execute(sql.raw(`select * from ${table} order by 1`));
    parts[table] = (res as unknown as { rows: unknown[] }).rows;
  }
  return JSON.stringify(parts);
}

/** Creates a request through the API and returns it. */
export async function createRequest(
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
): Promise<TSignatureRequest> {
  const res = await t.request<TSignatureRequest>('POST', '/api/v3/signature-requests', {
    token,
    body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The sid of `email` on a request. */
export const sidOf = (r: TSignatureRequest, email: string): string => {
  const s = r.signatures.find((x) => x.signer_identity_data.email_address === email);
  if (!s) throw new Error(`no signer ${email}`);
  return s.sid;
};
