import type { TLang } from '@signet/shared/i18n/lang.rules';
import { FREE_SIGNATURES_PER_MONTH } from '@signet/shared/plan/plan.constants';
import type { TUserPlan } from '@signet/shared/plan/plan.schema';
import { api, call } from '../../lib/api.ts';
import { getT } from '../../lib/i18n.ts';
import { openDialog } from '../../stores/modals.ts';
import { showSnackbar } from '../../stores/snackbars.ts';

/** Spec name of the dialog (spec section 2, dialogs: business). */
export const FREE_PLAN_DOWNGRADE_DIALOG = 'business/free-plan-downgrade';

/**
 * The free plan downgrade dialog: cancelling the individual plan (spec section 4, as a
 * business's plan: it runs to `periodEndsAt`, revocable until then, then the free plan). A
 * failed downgrade shows the generic support-error snackbar (spec section 8).
 */
export function openFreePlanDowngradeDialog(
  lang: TLang,
  periodEndsAt: string,
  onDone: (plan: TUserPlan) => void,
): number {
  const t = getT(lang);
  const date = new Intl.DateTimeFormat(lang, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }).format(new Date(periodEndsAt));
  return openDialog({
    name: FREE_PLAN_DOWNGRADE_DIALOG,
    title: t('plan.downgrade.title'),
    content: (
      <p data-testid="free-plan-downgrade-text">
        {t('plan.downgrade.text', { date, quota: FREE_SIGNATURES_PER_MONTH })}
      </p>
    ),
    actions: [
      { id: 'keep', label: t('plan.downgrade.keep'), variant: 'text' },
      {
        id: 'downgrade',
        label: t('plan.downgrade.confirm'),
        variant: 'danger',
        handler: async () => {
          try {
            onDone(await call(api.cancelIndividualPlan));
          } catch {
            showSnackbar({ message: t('plan.downgrade.failed'), variant: 'error' });
          }
        },
      },
    ],
  });
}
