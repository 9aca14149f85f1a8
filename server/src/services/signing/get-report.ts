import type { TReport } from '@signet/shared/document/document.schema';
import { langFromCode } from '@signet/shared/i18n/lang.rules';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { BlobNotFoundError } from '../../storage/blob-store.ts';
import { protocolFileName } from '../documents/content-disposition.ts';
import { platformCa } from '../pki/platform-ca.ts';
import { timestampAuthority } from '../pki/timestamp-authority.ts';
import { type LoadedRequest, loadRequestForActor } from '../signature-requests/load-for-actor.ts';
import type { FileOut, SigningContext } from './context.ts';
import { storeProtocolOnce } from './protocol-job.ts';
import { loadReport } from './report-data.ts';

/** How long a report call waits for a protocol being built before answering 503. */
const PROTOCOL_WAIT_MS = 2_000;

/**
 * A protocol built and signed now from the log as it stands, as `loaded`'s caller may see it
 * (other participants' IP addresses and browsers for the owner only).
 */
export async function protocolNow(
  ctx: SigningContext,
  loaded: LoadedRequest,
  db: DbOrTx = ctx.db,
): Promise<Uint8Array> {
  const report = await loadReport(db, loaded);
  const { evidenceText } = await import('../../pdf/protocol/evidence-text.ts');
  const ca = await platformCa(ctx.db, ctx.config);
  const { buildSignedProtocol } = await import('../../pdf/protocol/sign-protocol.ts');
  const signed = await buildSignedProtocol(report, evidenceText(langFromCode(loaded.owner.lang)), {
    signer: ca.platformSigner,
    tsa: await timestampAuthority(ctx.config, ca),
  });
  return signed.bytes;
}

/**
 * `GET …/report?type=`: the protocol, in the request's language (its owner's). pdf: for the
 * owner the stored, signed and sealed protocol once the request is complete (503
 * PROTOCOL_PENDING with Retry-After while it is being built right after the last signature);
 * before that, and for other participants (the kept one shows everyone's IP and browser), one
 * built and signed now from the log. json / html: the same facts.
 */
export async function getReport(
  ctx: SigningContext,
  id: string,
  type: 'pdf' | 'json' | 'html',
): Promise<{ kind: 'json'; report: TReport } | { kind: 'file'; file: FileOut }> {
  const loaded = await loadRequestForActor(ctx.db, id, ctx.principal);
  const pdfFile = (bytes: Uint8Array): { kind: 'file'; file: FileOut } => ({
    kind: 'file',
    file: {
      bytes,
      fileName: protocolFileName(loaded.request),
      contentType: 'application/pdf',
    },
  });
  if (type === 'pdf' && loaded.request.status === 'SIGNED' && loaded.roles.includes('owner')) {
    const key =
      loaded.request.protocolBlobKey ??
      (await Promise.race([
        storeProtocolOnce(ctx, id),
        new Promise<null>((resolve) => setTimeout(resolve, PROTOCOL_WAIT_MS, null).unref()),
      ]));
    if (!key) {
      throw new AppError(
        'PROTOCOL_PENDING',
        503,
        'The protocol is being prepared; try again in a moment.',
        {
          retryAfter: 1,
        },
      );
    }
    const bytes = await ctx.blobs.get(key);
    if (!bytes) throw new BlobNotFoundError(key);
    return pdfFile(bytes);
  }
  if (type === 'pdf') return pdfFile(await protocolNow(ctx, loaded));
  const report = await loadReport(ctx.db, loaded);
  if (type === 'json') return { kind: 'json', report };
  const { evidenceText } = await import('../../pdf/protocol/evidence-text.ts');
  const text = evidenceText(langFromCode(loaded.owner.lang));
  const { protocolHtml } = await import('../../pdf/protocol/protocol-html.ts');
  return {
    kind: 'file',
    file: {
      bytes: new TextEncoder().encode(protocolHtml(report, text)),
      fileName: protocolFileName(loaded.request, 'html'),
      contentType: 'text/html; charset=utf-8',
    },
  };
}
