import type {
  TAddSignature,
  TSignatureRequest,
} from '@signet/shared/signature-request/signature-request.schema';
import { signers } from '../../db/schema/signers.ts';
import { AppError } from '../../errors.ts';
import { settingsForRequest } from '../businesses/settings.ts';
import { assertDirectSignAllowed } from '../direct-sign/direct-sign-allowed.ts';
import { changeRequest, type RequestContext } from './context.ts';
import { checkDocumentSignatures, signerEmail, signerIdentityValues } from './inputs.ts';
import { newClaimToken } from './mail.ts';
import { notifyNextSigners } from './notify-next-signers.ts';
import { recordChange } from './record-change.ts';

/**
 * `POST /v3/signature-requests/{id}/signatures` (owner; DRAFT or OPEN, until the first signature).
 * On an OPEN request the new signer is invited at once when it is their turn (a direct signer
 * gets their link from the creator instead; the answer carries it).
 */
export async function addSigner(
  ctx: RequestContext,
  id: string,
  input: TAddSignature,
): Promise<TSignatureRequest> {
  const email = signerEmail(input);
  return changeRequest(ctx, id, 'addSigner', async (tx, loaded) => {
    if (input.direct) {
      const business = await settingsForRequest(tx, id);
      assertDirectSignAllowed(
        {
          requestFlag: loaded.request.directSign,
          businessDirectSign: Boolean(business?.settings.mabSettings.directSign.enabled),
        },
        [input],
      );
    }
    if (loaded.signers.some((s) => s.email === email)) {
      throw new AppError('SIGNER_EXISTS', 409, `${email} already signs this request`);
    }
    checkDocumentSignatures(
      input.document_signatures,
      new Set(loaded.documents.map((d) => d.id)),
      new Map(loaded.documents.map((d) => [d.id, d.pageCount])),
    );
    await tx.insert(signers).values({
      requestId: id,
      email,
      accountEmail: input.account_email ?? null,
      order: input.order ?? 0,
      documentSignatures: input.document_signatures,
      signatureLevel: input.signature_level ?? null,
      legislation: input.legislation ?? null,
      claimToken: newClaimToken(),
      ...signerIdentityValues(input),
    });
    await recordChange(tx, loaded, ctx.meta, {
      type: 'signer_added',
      data: { email, order: input.order ?? 0 },
    });
    await notifyNextSigners(tx, id, ctx.config);
  });
}
