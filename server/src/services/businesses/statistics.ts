import { activityPeriod, periodBounds } from '@signet/shared/activity/activity.rules';
import type {
  TBusinessStatistics,
  TStatisticsQuery,
} from '@signet/shared/activity/activity.schema';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../evidence/db-row.ts';
import type { ServiceContext } from '../context.ts';
import { readBusiness } from './membership.ts';
import { signaturesByMonth as signaturesOfPeriod } from './signature-counts.ts';

/**
 * `GET /v2/businesses/{id}/statistics` (admin): counted in the database — signatures per month
 * (UTC) and quality in the period, their totals per quality, members (admins, invitees who have
 * not answered), pending invitations and open requests now.
 */
export async function getStatistics(
  ctx: Pick<ServiceContext, 'db' | 'principal'>,
  businessId: string,
  query: TStatisticsQuery,
): Promise<TBusinessStatistics> {
  await readBusiness(ctx, businessId);
  const period = activityPeriod(query);
  const { from, to } = periodBounds(period);
  const signaturesByMonth = await signaturesOfPeriod(ctx.db, businessId, from, to);
  const [facts] = rowsOf(
    await ctx.db.execute(sql`
      select
        (select count(*)::int from business_members where business_id = ${businessId}) as members,
        (select count(*)::int from business_members where business_id = ${businessId} and role = 'admin') as admins,
        (select count(*)::int from business_members m join users u on u.id = m.user_id
          where m.business_id = ${businessId} and not u.accepted_business_invite) as pending,
        (select count(*)::int from business_invitations
          where business_id = ${businessId} and status = 'pending') as invitations,
        (select count(*)::int from signature_requests
          where business_id = ${businessId} and status = 'OPEN' and deleted_at is null) as open`),
  );
  const byQuality = new Map<string, number>();
  for (const m of signaturesByMonth)
    byQuality.set(m.quality, (byQuality.get(m.quality) ?? 0) + m.count);
  return {
    period,
    signaturesByMonth,
    signaturesByQuality: [...byQuality].map(([quality, count]) => ({ quality, count })),
    signatures: signaturesByMonth.reduce((sum, m) => sum + m.count, 0),
    members: {
      total: Number(facts?.members ?? 0),
      admins: Number(facts?.admins ?? 0),
      pending: Number(facts?.pending ?? 0),
    },
    invitations: Number(facts?.invitations ?? 0),
    openRequests: Number(facts?.open ?? 0),
  };
}
