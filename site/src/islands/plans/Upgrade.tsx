import type { TBillingCycle, TCurrency } from '@signet/shared/billing/billing.constants';
import type { TPricePlan } from '@signet/shared/billing/billing.schema';
import type { TLang } from '@signet/shared/i18n/lang.rules';
import { SETUP_INTENT_PARAM } from '@signet/shared/plan/plan.constants';
import { formatPrice } from '@signet/shared/plan/plan.rules';
import type { TUserPlan } from '@signet/shared/plan/plan.schema';
import { useEffect, useId, useMemo, useState } from 'react';
import { api, call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { getT, type TFunction } from '../../lib/i18n.ts';

/**
 * `/upgrade`: the caller's plan (free with this month's free signatures, the individual plan, or
 * a business seat) and the individual plan from `GET /v2/businesses/price_plans` in the
 * platform's currency, monthly or yearly. "Upgrade" goes to the payment provider's card page;
 * back from it (`?setup_intent=…`) the page confirms the upgrade and says what it unlocked.
 */
export default function Upgrade({ lang, currency }: { lang: TLang; currency: TCurrency }) {
  const t = useMemo(() => getT(lang, 'account'), [lang]);
  const id = useId();
  const [plan, setPlan] = useState<TUserPlan | null>(null);
  const [prices, setPrices] = useState<TPricePlan[]>([]);
  const [cycle, setCycle] = useState<TBillingCycle>('monthly');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [upgraded, setUpgraded] = useState(false);

  useEffect(() => {
    const intent = new URLSearchParams(window.location.search).get(SETUP_INTENT_PARAM);
    const current = intent
      ? call(api.confirmDirectUpgrade, { body: { setupIntentId: intent } }).then((p) => {
          window.history.replaceState(null, '', window.location.pathname);
          setUpgraded(true);
          return p;
        })
      : call(api.getUserPlan);
    current
      .catch((e: unknown) => {
        setError(errorMessage(t, e));
        return call(api.getUserPlan);
      })
      .then(setPlan)
      .catch((e: unknown) => setError(errorMessage(t, e)));
    call(api.listPricePlans)
      .then((list) => setPrices(list.items.filter((p) => p.tier === 'individual')))
      .catch((e: unknown) => setError(errorMessage(t, e)));
  }, [t]);

  const offer = prices.find((p) => p.cycle === cycle && p.currency === currency);
  const buy = async () => {
    if (!offer) return;
    setBusy(true);
    setError(null);
    try {
      const intent = await call(api.createDirectSetupIntent, {
        body: { plan: offer.name, cycle, currency },
      });
      window.location.assign(intent.redirectUrl);
    } catch (e) {
      setError(errorMessage(t, e));
      setBusy(false);
    }
  };

  return (
    <div className="pl-upgrade" aria-busy={!plan}>
      {upgraded && (
        <div className="acc-alert acc-alert--ok" role="status" data-testid="upgrade-done">
          <strong>{t('upgrade.done')}</strong> <a href="/upload">{t('upgrade.toUpload')}</a>
        </div>
      )}
      {error && (
        <div className="acc-alert" role="alert">
          {error}
        </div>
      )}
      {plan && <CurrentPlan t={t} lang={lang} plan={plan} />}
      {plan?.individual && (
        <IndividualPlan
          t={t}
          lang={lang}
          individual={plan.individual}
          onChange={(next) => {
            setUpgraded(false);
            setPlan(next);
          }}
          onError={(e) => setError(errorMessage(t, e))}
        />
      )}
      {plan?.kind === 'free' && (
        <section className="rq-card pl-offer" aria-labelledby={`${id}-offer`}>
          <h2 id={`${id}-offer`}>{t('upgrade.individual.title')}</h2>
          <ul className="pl-list">
            <li>{t('upgrade.individual.upload')}</li>
            <li>{t('upgrade.individual.unlimited')}</li>
          </ul>
          <fieldset className="pl-cycles">
            <legend>{t('upgrade.cycle')}</legend>
            {(['monthly', 'yearly'] as const).map((c) => (
              <label key={c} className="pl-cycle">
                <input
                  type="radio"
                  name={`${id}-cycle`}
                  value={c}
                  checked={cycle === c}
                  onChange={() => setCycle(c)}
                />
                {t(`upgrade.${c}`)}
              </label>
            ))}
          </fieldset>
          {offer && (
            <p className="pl-price" data-testid="individual-price">
              <strong>{formatPrice(offer.unitAmount, offer.currency, lang)}</strong>{' '}
              {t(cycle === 'monthly' ? 'upgrade.perMonth' : 'upgrade.perYear')}
            </p>
          )}
          <button
            type="button"
            className="btn btn--primary"
            disabled={!offer || busy}
            onClick={() => void buy()}
          >
            {t('upgrade.buy')}
          </button>
          <p className="pl-note">{t('upgrade.business')}</p>
        </section>
      )}
    </div>
  );
}

/** A date as the plan page writes it (numeric day, short month, year). */
function dateOf(lang: TLang, iso: string): string {
  return new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(iso),
  );
}

/**
 * The individual plan bought: when it renews, or (cancelling) when it ends, with the free plan
 * downgrade (cancel at the period's end) or keeping it (revoke); an ended one says when it ended.
 * When a payment failed it says so, with the way to the payment provider's customer portal, where
 * a new card pays the open invoice (as Stripe's billing portal is offered for it).
 */
function IndividualPlan({
  t,
  lang,
  individual,
  onChange,
  onError,
}: {
  t: TFunction;
  lang: TLang;
  individual: NonNullable<TUserPlan['individual']>;
  onChange: (plan: TUserPlan) => void;
  onError: (error: unknown) => void;
}) {
  const [busy, setBusy] = useState(false);
  if (individual.state === 'cancelled') {
    return (
      <p className="pl-note" data-testid="individual-ended">
        {t('upgrade.individual.ended', { date: dateOf(lang, individual.endsAt ?? '') })}
      </p>
    );
  }
  const keep = async () => {
    setBusy(true);
    try {
      onChange(await call(api.revokeIndividualPlanCancel));
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };
  const updateCard = async () => {
    setBusy(true);
    try {
      const session = await call(api.individualPortalSession);
      window.location.assign(session.redirectUrl);
    } catch (e) {
      onError(e);
      setBusy(false);
    }
  };
  const downgrade = async () => {
    const m = await import('../../dialogs/business/free-plan-downgrade.tsx');
    m.openFreePlanDowngradeDialog(lang, individual.periodEndsAt ?? '', onChange);
  };
  const cancelling = individual.state === 'cancelling';
  return (
    <section className="rq-card" data-testid="individual-plan" data-state={individual.state}>
      <h2>{t('upgrade.individual.title')}</h2>
      <p>
        {t(`upgrade.${individual.cycle}`)}
        {' · '}
        {cancelling
          ? t('upgrade.individual.ends', { date: dateOf(lang, individual.endsAt ?? '') })
          : t('upgrade.individual.renews', { date: dateOf(lang, individual.periodEndsAt ?? '') })}
      </p>
      {individual.paymentIssue && (
        <div className="acc-alert pl-issue" role="alert" data-testid="individual-payment-issue">
          <p>{t('upgrade.individual.paymentIssue')}</p>
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy}
            onClick={() => void updateCard()}
          >
            {t('upgrade.individual.updateCard')}
          </button>
        </div>
      )}
      {cancelling ? (
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy}
          onClick={() => void keep()}
        >
          {t('upgrade.keep')}
        </button>
      ) : (
        <button type="button" className="btn btn--secondary" onClick={() => void downgrade()}>
          {t('upgrade.downgrade')}
        </button>
      )}
    </section>
  );
}

function CurrentPlan({ t, lang, plan }: { t: TFunction; lang: TLang; plan: TUserPlan }) {
  const q = plan.signatures;
  const resets = q ? dateOf(lang, q.resetsAt) : '';
  return (
    <section className="rq-card" data-testid="current-plan" data-plan={plan.kind}>
      <h2>{t('upgrade.current')}</h2>
      <p className="pl-current">
        <strong>{t(`upgrade.kind.${plan.kind}`)}</strong>
      </p>
      {plan.kind === 'free' && !plan.uploadAllowed && <p>{t('upgrade.free.noUpload')}</p>}
      {q && (
        <p data-testid="free-signatures">
          {t('upgrade.free.signatures', { used: q.used, quota: q.quota, date: resets })}
        </p>
      )}
    </section>
  );
}
