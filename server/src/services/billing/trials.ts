import { BILLING_PLAN_PAGE, TRIAL } from '@signet/shared/billing/billing.constants';
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { businessMembers } from '../../db/schema/business-members.ts';
import { businesses } from '../../db/schema/businesses.ts';
import { users } from '../../db/schema/users.ts';
import { enqueueMails } from '../../mail/outbox.ts';
import { siteLink } from '../auth/links.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where a trial mail sends the admins: the console's plan page (the upgrade while locked). */
export const TRIAL_MAIL_PATH = BILLING_PLAN_PAGE;

type Deps = { db: Db; config: Pick<Config, 'publicUrl'> };

async function mailAdmins(
  tx: Tx,
  deps: Deps,
  business: { id: string; name: string; trialEndsAt: Date | null },
  template: 'trial-ending' | 'trial-expired',
): Promise<void> {
  const admins = await tx
    .select({ email: users.email, lang: users.lang })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(and(eq(businessMembers.businessId, business.id), eq(businessMembers.role, 'admin')));
  await enqueueMails(
    tx,
    admins.map((a) => ({
      to: a.email,
      template,
      lang: a.lang,
      data: {
        businessName: business.name,
        date: business.trialEndsAt?.toISOString().slice(0, 10) ?? '',
        url: siteLink(deps.config, TRIAL_MAIL_PATH),
      },
    })),
  );
}

/**
 * The daily trial run: trials past their end need a payment method (their admins are told by
 * mail), and trials ending within `TRIAL.reminderDaysBefore` days get one reminder. The state
 * change and its mails commit together, and the update claims the rows, so two runs never mail
 * twice.
 */
export async function runTrialSweep(
  deps: Deps,
  now = new Date(),
): Promise<{ expired: number; reminded: number }> {
  let expired = 0;
  let reminded = 0;
  await deps.db.transaction(async (tx) => {
    const ended = await tx
      .update(businesses)
      .set({ paymentMethod: 'NEEDS_PAYMENT_METHOD' })
      .where(and(eq(businesses.paymentMethod, 'TRIALING'), lte(businesses.trialEndsAt, now)))
      .returning({ id: businesses.id, name: businesses.name, trialEndsAt: businesses.trialEndsAt });
    for (const business of ended) {
      await mailAdmins(tx, deps, business, 'trial-expired');
      expired += 1;
    }
  });
  const soon = new Date(now.getTime() + TRIAL.reminderDaysBefore * DAY_MS);
  await deps.db.transaction(async (tx) => {
    const due = await tx
      .update(businesses)
      .set({ trialRemindedAt: now })
      .where(
        and(
          eq(businesses.paymentMethod, 'TRIALING'),
          isNull(businesses.trialRemindedAt),
          gt(businesses.trialEndsAt, now),
          lte(businesses.trialEndsAt, soon),
        ),
      )
      .returning({ id: businesses.id, name: businesses.name, trialEndsAt: businesses.trialEndsAt });
    for (const business of due) {
      await mailAdmins(tx, deps, business, 'trial-ending');
      reminded += 1;
    }
  });
  return { expired, reminded };
}
