import type { TBillingCycle } from '@signet/shared/billing/billing.constants';
import { displayCurrency } from '@signet/shared/billing/billing.rules';
import type { TPricePlan } from '@signet/shared/billing/billing.schema';
import type { TLang } from '@signet/shared/i18n/lang.rules';
import { formatPrice } from '@signet/shared/plan/plan.rules';
import { api, call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { getT } from '../../lib/i18n.ts';
import { type DialogAction, openDialog } from '../../stores/modals.ts';

/** Spec name of the dialog (spec section 2, dialogs: general). */
export const FAIR_FLAT_MIGRATION_DIALOG = 'general/fair-flat-migration';

/**
 * The fair-flat migration dialog: the legacy free plan's way to the individual plan, one flat
 * price monthly or yearly in the platform's currency (shared's `displayCurrency`). Choosing a
 * cycle goes to the payment provider's card page, which returns to /upgrade (the direct
 * upgrade); starting the plan moves the account off the legacy free plan (`free_migrated`).
 */
export async function openFairFlatMigrationDialog(lang: TLang): Promise<number> {
  const t = getT(lang);
  const account = getT(lang, 'account');
  const currency = displayCurrency(window.location.hostname);
  let offers: TPricePlan[];
  try {
    offers = (await call(api.listPricePlans)).items.filter(
      (p) => p.tier === 'individual' && p.currency === currency,
    );
  } catch (e) {
    throw new Error(errorMessage(account, e));
  }
  const buy = (offer: TPricePlan) => async () => {
    try {
      const intent = await call(api.createDirectSetupIntent, {
        body: { plan: offer.name, cycle: offer.cycle, currency: offer.currency },
      });
      window.location.assign(intent.redirectUrl);
    } catch (e) {
      throw new Error(errorMessage(account, e));
    }
    // Stays open (busy) while the browser leaves for the card page.
    await new Promise(() => undefined);
  };
  const cycles: TBillingCycle[] = ['monthly', 'yearly'];
  const actions: DialogAction[] = cycles.flatMap((cycle) => {
    const offer = offers.find((o) => o.cycle === cycle);
    if (!offer) return [];
    return [
      {
        id: cycle,
        label: t(`plan.fairFlat.${cycle}`, {
          price: formatPrice(offer.unitAmount, offer.currency, lang),
        }),
        variant: cycle === 'monthly' ? 'secondary' : 'primary',
        handler: buy(offer),
      } satisfies DialogAction,
    ];
  });
  return openDialog({
    name: FAIR_FLAT_MIGRATION_DIALOG,
    title: t('plan.fairFlat.title'),
    content: <p>{t('plan.fairFlat.text')}</p>,
    actions: [{ id: 'later', label: t('plan.migration.later'), variant: 'text' }, ...actions],
  });
}
