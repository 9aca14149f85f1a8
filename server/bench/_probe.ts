import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { documents } from '../src/db/schema/documents.ts';
import { requestDocuments } from '../src/db/schema/request-documents.ts';
import { signatureRequests } from '../src/db/schema/signature-requests.ts';
import { signers } from '../src/db/schema/signers.ts';
import { users } from '../src/db/schema/users.ts';
import { platformCa } from '../src/services/signing/platform-ca.ts';
import { signRequest } from '../src/services/signing/sign-requests.ts';
import { FsBlobStore } from '../src/storage/fs-blob-store.ts';
import { openTestDatabase } from '../src/testing/database.ts';
import { median } from './report.ts';
const file = process.argv[2] ?? 'bench-results/documents/tex-89p.pdf';
const N = 10;
const dataDir = mkdtempSync(join(tmpdir(), 'probe-'));
const config = loadConfig({ SIGNET_MODE: 'test', DATA_DIR: dataDir });
const database = await openTestDatabase({});
const db = database.db;
const store = new FsBlobStore(dataDir);
const people = await db.insert(users).values(Array.from({ length: N + 1 }, (_, i) => ({ email: `p${i}@example.ch`, emailVerified: true, firstName: `S${i}`, lastName: 'B' }))).returning({ id: users.id, email: users.email });
const owner = people[0]!; const su = people.slice(1);
await platformCa(db, config.secret);
const pdf = new Uint8Array(readFileSync(file));
const original = await store.put(pdf);
async function newRequest() {
  const [doc] = await db.insert(documents).values({ ownerId: owner.id, title: 'B', size: pdf.length, pageCount: 1, sha256: original.sha256, blobKey: original.key, currentBlobKey: original.key }).returning({ id: documents.id });
  const [req] = await db.insert(signatureRequests).values({ ownerId: owner.id, title: 'B', status: 'OPEN', initiatedAt: new Date() }).returning({ id: signatureRequests.id });
  await db.insert(requestDocuments).values({ requestId: req!.id, documentId: doc!.id });
  await db.insert(signers).values(su.map((u, i) => ({ requestId: req!.id, email: u.email, order: i + 1, claimToken: `${req!.id}-${i}` })));
  return req!.id;
}
const times: number[][] = Array.from({ length: N }, () => []);
for (let run = 0; run < 6; run++) {
  const id = await newRequest();
  for (const [i, u] of su.entries()) {
    const t = performance.now();
    await signRequest({ db, store, config, principal: { userId: u.id }, meta: { ip: '1.1.1.1', userAgent: 'x' } }, { signatureRequestId: id, language: 'en', signingName: `Signer ${i}` } as never);
    if (run > 0) times[i]!.push(performance.now() - t);
  }
}
console.log(times.map((t, i) => `#${i + 1} ${median(t).toFixed(1)}`).join('  '));
await database.close();
