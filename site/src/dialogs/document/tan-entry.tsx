import { useStore } from '@nanostores/react';
import { ApiError } from '@signet/shared/api/browser';
import { TAN, TAN_PATTERN } from '@signet/shared/direct-sign/direct-sign.constants';
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/errors.ts';
import {
  isTanCode,
  lockMinutes,
  sendCodeAndAsk,
  type TDirectSignFlow,
} from '../../overlays/direct-sign-flow.ts';
import { openTanExpiredOverlay } from '../../overlays/tan-expired.tsx';
import { openTanInvalidOverlay } from '../../overlays/tan-invalid.tsx';
import { openTanLockedOverlay } from '../../overlays/tan-locked.tsx';
import { $dialog, openDialog, runDialogAction } from '../../stores/modals.ts';

export const TAN_ENTRY_DIALOG = 'document/tan-entry';

/**
 * The TAN entry dialog (spec: document dialogs): the six-digit code that went to the signer's
 * phone or mailbox, then the signature. A wrong, expired or locked code opens its overlay;
 * anything else stays in the dialog as its error.
 */
export function openTanEntryDialog(flow: TDirectSignFlow): void {
  const { t } = flow;
  const typed = { tan: '' };
  openDialog({
    name: TAN_ENTRY_DIALOG,
    title: t('direct:dialog.tan.title'),
    content: <TanForm flow={flow} typed={typed} />,
    actions: [
      { id: 'cancel', label: t('direct:action.cancel'), variant: 'text' },
      {
        id: 'resend',
        label: t('direct:dialog.tan.resend'),
        variant: 'secondary',
        handler: () => sendCodeAndAsk(flow, openTanEntryDialog, openTanLockedOverlay),
      },
      {
        id: 'sign',
        label: t('direct:dialog.tan.confirm'),
        variant: 'primary',
        handler: async () => {
          const tan = typed.tan.replace(/\s+/g, '');
          if (!TAN_PATTERN.test(tan)) throw new Error(t('direct:dialog.tan.format'));
          try {
            await flow.api.checkTan(tan);
          } catch (error) {
            const failure = ApiError.of(error);
            if (isTanCode(failure.code, 'tanInvalid')) {
              const left = (failure.details as { attemptsLeft?: number } | undefined)?.attemptsLeft;
              openTanInvalidOverlay(flow, left ?? TAN.maxTries - 1);
              return;
            }
            if (isTanCode(failure.code, 'tanExpired') || isTanCode(failure.code, 'tanRequired')) {
              openTanExpiredOverlay(flow);
              return;
            }
            if (isTanCode(failure.code, 'tanLocked')) {
              openTanLockedOverlay(flow, lockMinutes(failure));
              return;
            }
            throw new Error(errorMessage(t, failure));
          }
          try {
            await flow.api.sign({
              signingName: flow.values.name.trim(),
              ...(flow.values.reason.trim() ? { signingReason: flow.values.reason.trim() } : {}),
              language: flow.language,
            });
          } catch (error) {
            throw new Error(errorMessage(t, error));
          }
          flow.onSigned();
        },
      },
    ],
  });
}

function TanForm({ flow, typed }: { flow: TDirectSignFlow; typed: { tan: string } }) {
  const { t } = flow;
  const id = useId();
  const dialog = useStore($dialog);
  const [tan, setTan] = useState('');
  const invalid = dialog?.name === TAN_ENTRY_DIALOG && dialog.error !== null;
  return (
    <form
      className="acc-form acc-form--dialog"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void runDialogAction('sign');
      }}
    >
      <p id={`${id}-hint`}>
        {t('direct:dialog.tan.body', {
          to: flow.sentTo ?? '',
          minutes: TAN.ttlMs / 60_000,
        })}
      </p>
      <div className={invalid ? 'acc-field acc-field--invalid' : 'acc-field'}>
        <label htmlFor={`${id}-tan`}>{t('direct:dialog.tan.label')}</label>
        <input
          id={`${id}-tan`}
          className="dx-tan"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={TAN.length + 2}
          value={tan}
          aria-describedby={`${id}-hint`}
          aria-invalid={invalid ? true : undefined}
          data-testid="tan-input"
          onChange={(e) => {
            setTan(e.currentTarget.value);
            typed.tan = e.currentTarget.value;
          }}
        />
      </div>
    </form>
  );
}
