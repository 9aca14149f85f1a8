import type {
  TDocument,
  TSignatureRequest,
} from '@signet/shared/signature-request/signature-request.schema';
import { expect } from 'vitest';
import type { TestApp } from '../../testing/app.ts';

export type SignResult = {
  signatureRequestId: string;
  ok: boolean;
  status_overall?: string;
  code?: string;
  message?: string;
}[];

/** `POST /v3/sign` as `token`. Signs a batch; a batch that signed nothing fails as a whole, with the results in details. */
export async function signBatch(
  t: TestApp,
  token: string,
  body: unknown,
): Promise<SignResult & { status?: number }> {
  const res = await t.request<SignResult | { code: string; details: { results: SignResult } }>(
    'POST',
    '/api/v3/sign',
    {
      token,
      body,
    },
  );
  if (res.status === 200) return res.body as SignResult;
  const error = res.body as { code: string; details: { results: SignResult } };
  expect(error.details.results[0]?.code).toBe(error.code);
  return Object.assign(error.details.results, { status: res.status });
}

export async function newSignatureRequest(
  t: TestApp,
  ownerToken: string,
  doc: TDocument,
  signers: { email: string; order: number }[],
  observers: string[] = [],
): Promise<TSignatureRequest> {
  const created = await t.request<TSignatureRequest>('POST', '/api/v3/signature-requests', {
    token: ownerToken,
    body: {
      title: 'Service agreement',
      documents: [{ document_id: doc.id }],
      signatures: signers.map((s) => ({ account_email: s.email, order: s.order })),
      observers,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const sent = await t.request<TSignatureRequest>(
    'POST',
    `/api/v3/signature-requests/${created.body.id}/initiate`,
    {
      token: ownerToken,
    },
  );
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body;
}
