import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { openTanEntryDialog } from '../dialogs/document/tan-entry.tsx';
import { errorMessage } from '../lib/errors.ts';
import { type OverlayContext, openOverlay } from '../stores/modals.ts';
import { sendCodeAndAsk, type TDirectSignFlow } from './direct-sign-flow.ts';
import { $noticeError } from './notice-overlay.tsx';
import { SignerFields } from './signer-fields.tsx';
import { openTanLockedOverlay } from './tan-locked.tsx';

/**
 * The direct-sign overlay (spec: full-screen overlays): the name the signature will carry, an
 * optional reason, and how to confirm it — a code by SMS or e-mail (then the TAN entry dialog),
 * or approving it in the mobile app when that is offered.
 */
export function openDirectSignOverlay(flow: TDirectSignFlow): number {
  const { t } = flow;
  $noticeError.set(null);
  return openOverlay({
    name: 'direct-sign',
    content: (o) => <DirectSignBody flow={flow} o={o} />,
    actions: {
      send: () =>
        sendCodeAndAsk(flow, openTanEntryDialog, openTanLockedOverlay).catch((error: Error) => {
          $noticeError.set(error.message);
          throw error;
        }),
      mab: async () => {
        try {
          const par = await flow.api.startMobileApp(flow.sid, flow.language, flow.exitQuery);
          window.location.assign(par.redirectUrl);
        } catch (error) {
          $noticeError.set(errorMessage(t, error));
          throw error;
        }
      },
    },
  });
}

function DirectSignBody({ flow, o }: { flow: TDirectSignFlow; o: OverlayContext }) {
  const { t, values } = flow;
  const id = useId();
  const [channel, setChannel] = useState(values.channel);
  const [error, setError] = useState<string | null>(null);
  const failed = useStore($noticeError);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const to = channel === 'sms' ? (flow.mobile ?? '') : flow.email;
  return (
    <div className="rq-overlay" data-testid="direct-sign-overlay">
      <form
        className="rq-overlay__box acc-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (values.name.trim() === '') {
            setError(t('direct:form.required'));
            input.current?.focus();
            return;
          }
          setError(null);
          void o.run('send');
        }}
      >
        <h1>{t('direct:overlay.sign.title', { title: flow.title })}</h1>
        <p className="rq-overlay__lead">{t('direct:overlay.sign.lead')}</p>
        <SignerFields
          id={id}
          values={values}
          error={error}
          input={input}
          labels={{
            name: t('direct:overlay.sign.name'),
            reason: t('direct:overlay.sign.reason'),
            optional: t('direct:form.optional'),
          }}
        />
        <p className="rq-hint" data-testid="tan-channel">
          {t(`direct:overlay.sign.channel.${channel}`, { to })}{' '}
          {flow.mobile && (
            <button
              type="button"
              className="btn btn--text btn--inline"
              onClick={() => {
                const next = channel === 'sms' ? 'mail' : 'sms';
                setChannel(next);
                values.channel = next;
              }}
            >
              {t(channel === 'sms' ? 'direct:overlay.sign.useMail' : 'direct:overlay.sign.useSms')}
            </button>
          )}
        </p>
        <p className="rq-hint">{t('direct:overlay.sign.legal')}</p>
        {failed && (
          <p className="acc-alert" role="alert">
            {failed}
          </p>
        )}
        <div className="rq-overlay__actions">
          <button
            type="button"
            className="btn btn--text"
            disabled={o.loading !== null}
            onClick={o.close}
          >
            {t('direct:action.cancel')}
          </button>
          {flow.mobileApp && (
            <button
              type="button"
              className="btn btn--secondary"
              disabled={o.loading !== null}
              onClick={() => void o.run('mab')}
            >
              {t('direct:overlay.sign.mab')}
            </button>
          )}
          <button type="submit" className="btn btn--primary" disabled={o.loading !== null}>
            {t('direct:overlay.sign.send')}
          </button>
        </div>
      </form>
    </div>
  );
}
