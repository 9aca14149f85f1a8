import { ApiError } from '@signet/shared/api/browser';
import type { TBusinessSeal } from '@signet/shared/business/business.schema';
import { PLAN_ERRORS } from '@signet/shared/plan/plan.constants';
import type {
  TDocumentSignature,
  TSignPayload,
} from '@signet/shared/signature-request/signature-request.schema';
import { useEffect, useId, useRef, useState } from 'react';
import { openSigningTanDialog } from '../dialogs/document/signing-tan.tsx';
import { openUpgradeStandardsDialog } from '../dialogs/document/upgrade-standards.tsx';
import { isLockCode, signOutcome } from '../islands/requests/api.ts';
import { signingStep } from '../islands/trust/signing-step.ts';
import { api, call } from '../lib/api.ts';
import type { TFunction } from '../lib/i18n.ts';
import { type OverlayContext, openOverlay } from '../stores/modals.ts';
import { openExhaustedSignaturesOverlay } from './exhausted-signatures.tsx';
import { openPlaceSignatureOverlay, type TPlaceDocument } from './place-signature.tsx';
import { SignerFields } from './signer-fields.tsx';
import { openSigningFailureOverlay } from './signing-failure.tsx';
import { openSigningLockedOverlay } from './signing-locked.tsx';
import { openSigningSuccessOverlay } from './signing-success.tsx';
import { openSigningTanNotice } from './signing-tan-notice.tsx';

export type TSigningContext = {
  t: TFunction;
  requestId: string;
  title: string;
  /** Prefilled signing name (the user's first and last name). */
  defaultName: string;
  language: TSignPayload['language'];
  /** Part 11 mode of the request's business: the reason is required too. */
  part11?: boolean;
  /** The seals of the user's business they may seal with: offered instead of their own name. */
  seals?: readonly TBusinessSeal[];
  /** After a signature: reload the request (the overlays call it). */
  onSigned: () => void;
  /** The request's documents: the signer may place their signature box on them first. */
  documents?: readonly TPlaceDocument[];
  /** Where the signer's signature goes (the sender's placement, or their own). */
  placements?: readonly TDocumentSignature[];
};

/** What the signing form holds; `seal`: the chosen seal's account name ('' signs as oneself). */
type TSigningValues = { name: string; reason: string; seal: string };

/**
 * The signing overlay (spec 2, full-screen overlays): the name and an optional reason — and, for
 * a member allowed to use seals of the business, whether to sign personally or seal with one
 * (`sealAccountName`) —, then `POST /v3/sign`. Success, failure and a lock (another signature is
 * being applied) each replace it with their own overlay.
 */
export function openSigningOverlay(ctx: TSigningContext): number {
  const values: TSigningValues = { name: ctx.defaultName, reason: '', seal: '' };
  return openOverlay({
    name: 'signing',
    content: (o) => <SigningBody ctx={ctx} o={o} values={values} />,
    actions: {
      sign: async () => {
        const { t } = ctx;
        if (values.name.trim() === '') throw new Error(t('account:form.required'));
        if (ctx.part11 && values.reason.trim() === '') throw new Error(t('account:form.required'));
        try {
          const { locked } = await call(api.getSignatureRequestLockStatus, {
            params: { id: ctx.requestId },
          });
          if (locked) {
            openSigningLockedOverlay(ctx, openSigningOverlay);
            return;
          }
        } catch {
          // The lock check is advisory; the signing call decides.
        }
        await submitSignature(ctx, values);
      },
    },
  });
}

/**
 * `POST /v3/sign` for the overlay's values (with the TAN once there is one) and what follows:
 * success, a lock, a failure, or a step of a signature with the signer's own certificate — the
 * TAN entry dialog (428 TAN_REQUIRED), the TAN overlays, the upgrade-standards dialog (403
 * QUALITY_TOO_LOW).
 */
async function submitSignature(
  ctx: TSigningContext,
  values: TSigningValues,
  tan?: string,
): Promise<void> {
  try {
    const result = await call(api.sign, {
      body: [
        {
          signatureRequestId: ctx.requestId,
          signingName: values.name.trim(),
          ...(values.reason.trim() ? { signingReason: values.reason.trim() } : {}),
          ...(values.seal ? { sealAccountName: values.seal } : {}),
          language: ctx.language,
          ...(ctx.placements?.length ? { documentSignatures: [...ctx.placements] } : {}),
          ...(tan ? { tan } : {}),
        },
      ],
    });
    const outcome = signOutcome(result, ctx.requestId);
    if (outcome.ok) openSigningSuccessOverlay(ctx);
    else if (outcome.code === PLAN_ERRORS.signaturesExhausted)
      openExhaustedSignaturesOverlay(ctx.t);
    else if (isLockCode(undefined, outcome.code)) openSigningLockedOverlay(ctx, openSigningOverlay);
    else openSigningFailureOverlay(ctx, outcome.code ?? 'UNKNOWN', openSigningOverlay);
  } catch (error) {
    const failed = ApiError.of(error);
    const { status, code } = failed;
    const step = signingStep(failed);
    if (step.kind === 'tan') {
      openSigningTanDialog(ctx.t, step.challenge, (entered) =>
        submitSignature(ctx, values, entered),
      );
    } else if (step.kind === 'tan-invalid' && tan) {
      // The dialog stays open with the reason; after the last try the locked notice follows.
      throw new Error(ctx.t('trust:tan.invalid', { attempts: step.attemptsLeft }));
    } else if (step.kind === 'tan-expired') {
      openSigningTanNotice(ctx.t, 'expired', () => void submitSignature(ctx, values));
    } else if (step.kind === 'tan-locked') {
      openSigningTanNotice(ctx.t, 'locked', () => openSigningOverlay(ctx));
    } else if (step.kind === 'upgrade') {
      openUpgradeStandardsDialog(ctx.t, ctx.requestId, step.required);
    } else if (code === PLAN_ERRORS.signaturesExhausted) openExhaustedSignaturesOverlay(ctx.t);
    else if (isLockCode(status, code)) openSigningLockedOverlay(ctx, openSigningOverlay);
    else openSigningFailureOverlay(ctx, code, openSigningOverlay);
  }
}

function SigningBody({
  ctx,
  o,
  values,
}: {
  ctx: TSigningContext;
  o: OverlayContext;
  values: TSigningValues;
}) {
  const { t } = ctx;
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const reasonInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
  }, []);
  return (
    <div className="rq-overlay" data-testid="signing-overlay">
      <form
        className="rq-overlay__box acc-form"
        noValidate
        aria-labelledby={`${id}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          if (values.name.trim() === '') {
            setError(t('account:form.required'));
            input.current?.focus();
            return;
          }
          setError(null);
          if (ctx.part11 && values.reason.trim() === '') {
            setReasonError(t('account:form.required'));
            reasonInput.current?.focus();
            return;
          }
          setReasonError(null);
          void o.run('sign');
        }}
      >
        <h1 id={`${id}-title`}>{t('overlay.signing.title')}</h1>
        <p className="rq-overlay__lead">{t('overlay.signing.body', { title: ctx.title })}</p>
        <SignerFields
          id={id}
          values={values}
          error={error}
          input={input}
          labels={{
            name: t('overlay.signing.name'),
            reason: t('overlay.signing.reason'),
            optional: t('upload.optional'),
          }}
          {...(ctx.part11
            ? {
                part11: {
                  error: reasonError,
                  hint: t('overlay.signing.part11'),
                  input: reasonInput,
                },
              }
            : {})}
        />
        {ctx.documents && ctx.documents.length > 0 && (
          <p className="rq-hint">
            {ctx.placements?.length ? t('trust:place.placed') : t('trust:place.automatic')}{' '}
            <button
              type="button"
              className="btn btn--text"
              data-testid="place-own-signature"
              onClick={() =>
                openPlaceSignatureOverlay(
                  t,
                  t('trust:place.ownHeading'),
                  ctx.documents ?? [],
                  ctx.placements ?? [],
                  (placements) =>
                    openSigningOverlay({ ...ctx, defaultName: values.name, placements }),
                  () => openSigningOverlay({ ...ctx, defaultName: values.name }),
                )
              }
            >
              {t('trust:place.ownButton')}
            </button>
          </p>
        )}
        {ctx.seals && ctx.seals.length > 0 && (
          <SealChoice id={id} t={t} seals={ctx.seals} values={values} />
        )}
        <p className="rq-hint">{t('overlay.signing.legal')}</p>
        <div className="rq-overlay__actions">
          <button
            type="button"
            className="btn btn--text"
            disabled={o.loading !== null}
            onClick={o.close}
          >
            {t('action.cancel')}
          </button>
          <button type="submit" className="btn btn--primary btn--xl" disabled={o.loading !== null}>
            {t('overlay.signing.confirm')}
          </button>
        </div>
      </form>
    </div>
  );
}

/** Sign personally or with one of the business's seals the user may use. */
function SealChoice({
  id,
  t,
  seals,
  values,
}: {
  id: string;
  t: TFunction;
  seals: readonly TBusinessSeal[];
  values: TSigningValues;
}) {
  const [chosen, setChosen] = useState(values.seal);
  const choose = (seal: string) => {
    values.seal = seal;
    setChosen(seal);
  };
  const options = [
    { value: '', label: t('overlay.signing.personally') },
    ...seals.map((s) => ({
      value: s.accountName,
      label: t('overlay.signing.withSeal', { seal: s.displayName }),
    })),
  ];
  return (
    <>
      <fieldset className="rq-chips" data-testid="seal-choice">
        <legend>{t('overlay.signing.signAs')}</legend>
        {options.map((o) => (
          <label key={o.value} className="rq-chip" htmlFor={`${id}-seal-${o.value}`}>
            <input
              id={`${id}-seal-${o.value}`}
              type="radio"
              name={`${id}-seal`}
              value={o.value}
              checked={chosen === o.value}
              onChange={() => choose(o.value)}
            />
            {o.label}
          </label>
        ))}
      </fieldset>
      {chosen && <p className="rq-hint">{t('overlay.signing.sealHint')}</p>}
    </>
  );
}
