import { sql } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { loadActor } from './load-for-actor.ts';

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `GET /v1/email_input_autocomplete?input=`: up to 10 addresses containing `input`
 * (case-insensitive; addresses starting with it first), only from requests the caller has
 * exchanged: as owner, its signers and observers; as signer or observer, the owner and the
 * other participants. Deleted requests and the caller's own address do not count.
 */
export async function autocompleteEmails(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  input: string,
): Promise<{ emails: string[] }> {
  const { db } = ctx;
  const actor = await loadActor(db, ctx.principal);
  const q = input.trim().toLowerCase();
  const prefix = `${likeEscape(q)}%`;
  const contains = `%${likeEscape(q)}%`;
  const res = await db.execute(sql`
    with mine as (
      select id from signature_requests where owner_id = ${actor.userId} and deleted_at is null
      union
      select s.request_id from signers s join signature_requests r on r.id = s.request_id
        where s.email = ${actor.email} and r.deleted_at is null
      union
      select o.request_id from observers o join signature_requests r on r.id = o.request_id
        where o.email = ${actor.email} and r.deleted_at is null
    ),
    known as (
      select s.email from signers s where s.request_id in (select id from mine)
      union
      select o.email from observers o where o.request_id in (select id from mine)
      union
      select u.email from signature_requests r join users u on u.id = r.owner_id
        where r.id in (select id from mine)
    )
    select email from known
    where email <> ${actor.email} and email like ${contains}
    order by (email like ${prefix}) desc, email
    limit 10`);
  return { emails: (res as unknown as { rows: { email: string }[] }).rows.map((r) => r.email) };
}
