import { ApiError } from '@signet/shared/api/browser';
import type { TSignPayload } from '@signet/shared/signature-request/signature-request.schema';
import { useEffect, useId, useRef, useState } from 'react';
import { isLockCode, signOutcome } from '../islands/requests/api.ts';
import { api, call } from '../lib/api.ts';
import type { TFunction } from '../lib/i18n.ts';
import { type OverlayContext, openOverlay } from '../stores/modals.ts';
import { SignerFields } from './signer-fields.tsx';
import { openSigningFailureOverlay } from './signing-failure.tsx';
import { openSigningLockedOverlay } from './signing-locked.tsx';
import { openSigningSuccessOverlay } from './signing-success.tsx';

export type TSigningContext = {
  t: TFunction;
  requestId: string;
  title: string;
  /** Prefilled signing name (the user's first and last name). */
  defaultName: string;
  language: TSignPayload['language'];
  /** Part 11 mode of the request's business: the reason is required too. */
  part11?: boolean;
  /** After a signature: reload the request (the overlays call it). */
  onSigned: () => void;
};

/**
 * The signing overlay (spec 2, full-screen overlays): the name and an optional reason, then
 * `POST /v3/sign`. Success, failure and a lock (another signature is being applied) each
 * replace it with their own overlay.
 */
export function openSigningOverlay(ctx: TSigningContext): number {
  const values = { name: ctx.defaultName, reason: '' };
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
        try {
          const result = await call(api.sign, {
            body: [
              {
                signatureRequestId: ctx.requestId,
                signingName: values.name.trim(),
                ...(values.reason.trim() ? { signingReason: values.reason.trim() } : {}),
                language: ctx.language,
              },
            ],
          });
          const outcome = signOutcome(result, ctx.requestId);
          if (outcome.ok) openSigningSuccessOverlay(ctx);
          else if (isLockCode(undefined, outcome.code))
            openSigningLockedOverlay(ctx, openSigningOverlay);
          else openSigningFailureOverlay(ctx, outcome.code ?? 'UNKNOWN', openSigningOverlay);
        } catch (error) {
          const { status, code } = ApiError.of(error);
          if (isLockCode(status, code)) openSigningLockedOverlay(ctx, openSigningOverlay);
          else openSigningFailureOverlay(ctx, code, openSigningOverlay);
        }
      },
    },
  });
}

function SigningBody({
  ctx,
  o,
  values,
}: {
  ctx: TSigningContext;
  o: OverlayContext;
  values: { name: string; reason: string };
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
