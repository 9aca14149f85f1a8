import { openDatabase } from '/work/main/server/src/db/client.ts';
import { sql } from 'drizzle-orm';
const { db, close } = await openDatabase({ dataDir: process.argv[2]!, migrate: false });
const user = '00000000-0000-4000-8000-00000000d000';
const email = 'dana.board@example.ch';
const variant = (me: ReturnType<typeof sql>, withSigners: boolean, sortSigners: boolean) => sql`
    with page as (
      select i.request_id, i.updated_at as sort_key, i.is_owner, i.is_signer, i.is_observer
      from request_inbox i where i.email = ${me} and i.visible
      order by sort_key desc, i.request_id desc limit 25 offset 0),
    v as (select coalesce((select version from request_inbox_versions where email = ${me}), 0)::bigint as version)
    select ${me} as me, v.version, case when v.version = v.version then 5 else (select count(*)::int from request_inbox i where i.email = ${me} and i.visible) end as total,
      (select json_agg(json_build_object('id', r.id, 'title', r.title, 'owner_email', u.email, 'document_count', (select count(*) from request_documents d where d.request_id = r.id)
          ${withSigners ? (sortSigners ? sql`, 'signers', (select json_agg(json_build_object('email', s.email, 'order', s."order", 'signed_at', s.signed_at, 'declined_at', s.declined_at) order by s."order", s.created_at) from signers s where s.request_id = r.id)` : sql`, 'signers', (select json_agg(json_build_object('email', s.email, 'order', s."order", 'signed_at', s.signed_at, 'declined_at', s.declined_at))  from signers s where s.request_id = r.id)`) : sql``})
        order by page.sort_key desc, page.request_id desc)
       from page join signature_requests r on r.id = page.request_id join users u on u.id = r.owner_id) as rows
    from v`;
const time = async (label: string, q: ReturnType<typeof sql>) => {
  for (let i = 0; i < 5; i++) await db.execute(q);
  const ts: number[] = [];
  for (let i = 0; i < 30; i++) { const t0 = performance.now(); await db.execute(q); ts.push(performance.now() - t0); }
  ts.sort((a, b) => a - b);
  console.log(label.padEnd(40), 'min', ts[0]!.toFixed(2), 'p25', ts[7]!.toFixed(2), 'med', ts[15]!.toFixed(2));
};
await time('select 1', sql`select 1`);
await time('user by id', sql`select * from users where id = ${user}`);
await time('subquery me, signers sorted', variant(sql`(select lower(email) from users where id = ${user})`, true, true));
await time('param me, signers sorted', variant(sql`${email}`, true, true));
await time('param me, signers unsorted', variant(sql`${email}`, true, false));
await time('param me, no signers', variant(sql`${email}`, false, false));
await close();
