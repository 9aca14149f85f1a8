import { api, call } from '../../lib/api.ts';
import { openRequestDialog, type TRequestDialogContext } from './request-dialog.tsx';

export const DELEGATE_DIALOG = 'document/delegate';

/**
 * A signer hands their signature to another address (`POST …/delegate`, recorded in the
 * evidence log); the new signer is invited and the caller no longer signs.
 */
export function openDelegateDialog(ctx: TRequestDialogContext & { ownEmail: string }): void {
  const { t } = ctx;
  openRequestDialog(ctx, {
    name: DELEGATE_DIALOG,
    title: t('dialog.delegate.title'),
    body: t('dialog.delegate.body'),
    confirm: t('dialog.delegate.confirm'),
    variant: 'primary',
    emailLabel: t('dialog.delegate.email'),
    messageLabel: t('dialog.message'),
    refuseEmail: (email) =>
      email === ctx.ownEmail.toLowerCase() ? t('dialog.delegate.self') : null,
    send: ({ email, message }) =>
      call(api.delegateSignatureRequest, {
        params: { id: ctx.requestId },
        body: message ? { email, message } : { email },
      }),
    succeeded: ({ email }) => t('snackbar.delegated', { email }),
  });
}
