import { ApiError } from '@signet/shared/api/browser';
import type { TLang } from '@signet/shared/i18n/lang.rules';
import { MOBILE_CONFIRMATION } from '@signet/shared/user/user.constants';
import type { TMobileConfirmation } from '@signet/shared/user/user.schema';
import { useId, useState } from 'react';
import { api, call } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { optionalMobile } from '../../../lib/form.ts';
import { getT } from '../../../lib/i18n.ts';
import { openMobileAesOverlay } from '../../../overlays/mobile-aes.tsx';
import { loadSession } from '../../../stores/session.ts';
import { TextField } from '../../account/Field.tsx';
import { notify, useFreshUser } from '../../account/session.ts';

/**
 * `/profile/signature-standards/mobile-id`: the mobile number that AES minimal (and the mobile
 * confirmation of a signature) rests on. A number is confirmed with a code sent to it by SMS
 * (the sandbox on the test system); only then does it become the account's.
 */
export default function MobileId({ lang }: { lang: TLang }) {
  const t = getT(lang, 'trust');
  const id = useId();
  const user = useFreshUser();
  const [mobile, setMobile] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<TMobileConfirmation | null>(null);
  const [error, setError] = useState<{ field: 'mobile' | 'code'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [changing, setChanging] = useState(false);
  if (!user) return <p role="status">{t('standards.loading')}</p>;
  const { mobileVerified } = user.attributes;
  const number = mobile ?? user.attributes.mobile ?? '';

  const send = async () => {
    const invalid = number.trim() === '' ? t('account:form.format') : optionalMobile(t, number);
    if (invalid) {
      setError({ field: 'mobile', text: invalid });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setSent(await call(api.startMobileConfirmation, { body: { mobile: number.trim() } }));
      setCode('');
    } catch (e) {
      setError({ field: 'mobile', text: errorMessage(t, e) });
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await call(api.confirmMobile, { body: { code: code.trim() } });
      await loadSession(true);
      setSent(null);
      setChanging(false);
      notify(t('mobile.confirmed'), 'success');
      // AES minimal is active now: the mobile AES overlay says so and offers it as the default.
      openMobileAesOverlay(t, async () => {
        await call(api.updateUser, { body: { attributes: { defaultQuality: 'AES_MINIMAL' } } });
        await loadSession(true);
      });
    } catch (e) {
      if (ApiError.of(e).code === 'MOBILE_CODE_EXPIRED') setSent(null);
      setError({ field: 'code', text: errorMessage(t, e) });
    } finally {
      setBusy(false);
    }
  };

  const asking = !mobileVerified || changing;
  return (
    <div className="tr-stack">
      <p>{t('mobile.lead')}</p>
      <dl className="tr-details">
        <dt>{t('mobile.number')}</dt>
        <dd>{user.attributes.mobile ?? t('mobile.none')}</dd>
        <dt>{t('mobile.status')}</dt>
        <dd data-testid="mobile-status">
          {mobileVerified ? t('mobile.verified') : t('mobile.notVerified')}
        </dd>
      </dl>
      {asking ? (
        <>
          <p className="tr-muted">{t('mobile.howTo')}</p>
          <form
            className="tr-stack"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void send();
            }}
          >
            <TextField
              id={`${id}-mobile`}
              label={t('mobile.enter')}
              hint={t('account:signupSteps.mobileHint')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={number}
              onValue={setMobile}
              error={error?.field === 'mobile' ? error.text : undefined}
            />
            <button type="submit" className="btn btn--secondary" disabled={busy}>
              {t('mobile.send')}
            </button>
          </form>
          {sent ? (
            <form
              className="tr-stack"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void confirm();
              }}
            >
              <p role="status">
                {t('mobile.sent', {
                  sentTo: sent.sentTo,
                  time: new Date(sent.expiresAt).toLocaleTimeString(lang, {
                    hour: '2-digit',
                    minute: '2-digit',
                  }),
                })}
              </p>
              <TextField
                id={`${id}-code`}
                label={t('mobile.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={8}
                pattern={MOBILE_CONFIRMATION.codePattern.source}
                value={code}
                onValue={setCode}
                error={error?.field === 'code' ? error.text : undefined}
              />
              <button type="submit" className="btn btn--primary" disabled={busy}>
                {t('mobile.confirm')}
              </button>
            </form>
          ) : null}
        </>
      ) : (
        <button type="button" className="btn btn--text" onClick={() => setChanging(true)}>
          {t('mobile.other')}
        </button>
      )}
    </div>
  );
}
