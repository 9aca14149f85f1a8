import { openDatabase } from '/work/main/server/src/db/client.ts';
import { listSignatureRequests } from '/work/main/server/src/services/signature-requests/list-signature-requests.ts';
import { ZSignatureRequestListQuerySchema } from '@signet/shared/signature-request/signature-request.schema';
import { sql } from 'drizzle-orm';
const { db, close } = await openDatabase({ dataDir: process.argv[2]!, migrate: false });
const user = '00000000-0000-4000-8000-00000000d000';
for (const q of [{}, { size: '100', page: '20', sortBy: 'title', sortOrder: 'asc' }, { status: 'OPEN,SIGNED', size: '50' }, { search: 'partner17' }, { search: 'minutes', sortBy: 'created_at' }, { sendBy: 'others', dateTimeMode: 'created', dateFrom: '2026-01-01' }]) {
  const query = ZSignatureRequestListQuerySchema.parse(q);
  for (let i = 0; i < 3; i++) await listSignatureRequests(db, { userId: user }, query);
  const times: number[] = [];
  for (let i = 0; i < 15; i++) { const t0 = performance.now(); await listSignatureRequests(db, { userId: user }, query); times.push(performance.now() - t0); }
  times.sort((a, b) => a - b);
  console.log(JSON.stringify(q).padEnd(90), 'median', times[7]!.toFixed(1), 'min', times[0]!.toFixed(1));
}
const t0 = performance.now(); for (let i = 0; i < 20; i++) await db.execute(sql`select 1`); console.log('select 1', ((performance.now() - t0) / 20).toFixed(2));
await close();
