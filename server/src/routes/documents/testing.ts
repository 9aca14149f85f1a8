import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TDocument } from '@signet/shared/signature-request/signature-request.schema';
import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import { documents } from '../../db/schema/documents.ts';
import { createTestApp, type TestApp, type TestAppOverrides } from '../../testing/app.ts';

/** A test app whose blobs live in a fresh temporary DATA_DIR (removed by `cleanup`). */
export async function createDocumentsTestApp(
  env: Record<string, string> = {},
  overrides: Omit<TestAppOverrides, 'env'> = {},
): Promise<TestApp & { dataDir: string; cleanup: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'signet-docs-'));
  const t = await createTestApp({ ...overrides, env: { DATA_DIR: dataDir, ...env } });
  return {
    ...t,
    dataDir,
    cleanup: async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every file under DATA_DIR/blobs (paths relative to it). */
export function blobFiles(dataDir: string): string[] {
  const root = join(dataDir, 'blobs');
  const out: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(path.slice(root.length + 1));
    }
  };
  walk(root);
  return out.sort();
}

export async function documentCount(t: TestApp): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(documents);
  return row?.n ?? 0;
}

/** Uploads through multipart (the browser's way) and returns the raw response. */
export async function uploadMultipart(
  t: TestApp,
  token: string,
  bytes: Uint8Array,
  fileName = 'contract.pdf',
  title?: string,
): Promise<Response> {
  const form = new FormData();
  form.set(
    'file',
    new File([bytes as Uint8Array<ArrayBuffer>], fileName, { type: 'application/pdf' }),
  );
  if (title !== undefined) form.set('title', title);
  return t.app.request('/api/v3/documents', {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${token}` },
  });
}

/** Uploads a PDF (base64 JSON) and returns the document; fails the test unless 201. */
export async function uploadPdf(
  t: TestApp,
  token: string,
  bytes: Uint8Array,
  title = 'Contract',
): Promise<TDocument> {
  const res = await t.request<TDocument>('POST', '/api/v3/documents', {
    token,
    body: { title, content: Buffer.from(bytes).toString('base64') },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}
