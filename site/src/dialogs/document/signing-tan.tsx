import { useStore } from '@nanostores/react';
import { TAN, TAN_PATTERN } from '@signet/shared/direct-sign/direct-sign.constants';
import type { TTanChallenge } from '@signet/shared/signing/signing.constants';
import { useEffect, useId, useRef, useState } from 'react';
import type { TFunction } from '../../lib/i18n.ts';
import { $dialog, openDialog, runDialogAction } from '../../stores/modals.ts';
import { TAN_ENTRY_DIALOG } from './tan-entry.tsx';

/**
 * The TAN entry dialog (spec: document dialogs) of a signature with the signer's own
 * certificate: the trust service sent a one-time code (by e-mail, masked address shown) and
 * issues the certificate only once it is entered. `submit(tan)` signs; what it throws stays on
 * the dialog. A demo trust service is marked "Test System". (The direct signer's TAN, which
 * confirms the link rather than a certificate, has its own flow in tan-entry.tsx.)
 */
export function openSigningTanDialog(
  t: TFunction,
  challenge: TTanChallenge,
  submit: (tan: string) => Promise<void>,
): void {
  const state = { tan: '' };
  openDialog({
    name: TAN_ENTRY_DIALOG,
    title: t('trust:tan.title'),
    dismissible: false,
    content: <TanBody t={t} challenge={challenge} state={state} />,
    actions: [
      { id: 'cancel', label: t('action.cancel'), variant: 'text' },
      {
        id: 'confirm',
        label: t('trust:tan.confirm'),
        variant: 'primary',
        handler: async () => {
          const tan = state.tan.replace(/\s/g, '');
          if (!TAN_PATTERN.test(tan)) {
            throw new Error(t('trust:tan.format', { digits: TAN.length }));
          }
          await submit(tan);
        },
      },
    ],
  });
}

function TanBody({
  t,
  challenge,
  state,
}: {
  t: TFunction;
  challenge: TTanChallenge;
  state: { tan: string };
}) {
  const id = useId();
  const dialog = useStore($dialog);
  const [value, setValue] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const error = dialog?.name === TAN_ENTRY_DIALOG ? dialog.error : null;
  return (
    <form
      className="acc-form acc-form--dialog"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void runDialogAction('confirm');
      }}
    >
      <p id={`${id}-body`}>
        {t('trust:tan.body', {
          to: challenge.sentTo,
          quality: t(
            `trust:choice.quality.${challenge.quality === 'DEMO' ? 'QES' : challenge.quality}`,
          ),
        })}
      </p>
      {challenge.provider === 'demo-qtsp' && (
        <p className="tr-test" role="note" data-testid="tan-test-system">
          {t('trust:tan.testSystem')}
        </p>
      )}
      <div className={error ? 'acc-field acc-field--invalid' : 'acc-field'}>
        <label htmlFor={`${id}-tan`}>{t('trust:tan.label')}</label>
        <input
          id={`${id}-tan`}
          ref={input}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={TAN.length + 2}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-body`}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            state.tan = e.currentTarget.value;
          }}
        />
      </div>
    </form>
  );
}
