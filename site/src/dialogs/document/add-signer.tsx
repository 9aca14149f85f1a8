import { api, call } from '../../lib/api.ts';
import { openRequestDialog, type TRequestDialogContext } from './request-dialog.tsx';

export const ADD_SIGNER_DIALOG = 'document/add-signer';

/**
 * Adds a signer by e-mail (`POST …/signatures`), last in the sequence (`order`). On an open
 * request the server invites them at once when it is their turn. Failing: 'Failed to invite
 * signer' (spec section 8); the dialog stays open with the reason.
 */
export function openAddSignerDialog(ctx: TRequestDialogContext & { nextOrder: number }): void {
  const { t } = ctx;
  openRequestDialog(ctx, {
    name: ADD_SIGNER_DIALOG,
    title: t('dialog.addSigner.title'),
    body: t('dialog.addSigner.body'),
    confirm: t('dialog.addSigner.confirm'),
    variant: 'primary',
    emailLabel: t('dialog.email'),
    send: ({ email }) =>
      call(api.addSignatureRequestSigner, {
        params: { id: ctx.requestId },
        body: { signer_identity_data: { email_address: email }, order: ctx.nextOrder },
      }),
    failed: t('snackbar.inviteFailed'),
    succeeded: ({ email }) => t('snackbar.signerAdded', { email }),
  });
}
