import { VERIFY_LIMITS } from '@signet/shared/verify/verify.constants';
import type { TVerifyReport } from '@signet/shared/verify/verify.schema';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { EventMeta } from '../../evidence/record-event.ts';
import type { Upload } from '../../http/upload.ts';
import { looksLikePdf } from '../../pdf/magic.ts';
import type { PdfPool } from '../../pdf/pool/pool.ts';
import { hitRateLimit, keyPart, rateLimited } from '../../security/rate-limit.ts';
import { platformCa } from '../pki/platform-ca.ts';
import { certificateStatuses } from '../pki/revocation.ts';

export type VerifyContext = {
  db: Db;
  config: Pick<Config, 'secret' | 'publicUrl'>;
  meta: EventMeta;
  pdf: PdfPool;
};

/**
 * `POST /v1/verify` and the `/verify` page: Signet's validator over any PDF, for anyone (no
 * account). Counted per client IP (30 per 15 minutes, in the database so every instance shares
 * it) before the body is read (`receive` streams it to a temporary file); the PDF is parsed in
 * a PDF worker with memory and time limits (refusals: their 4xx, e.g. 422 PDF_ENCRYPTED,
 * PDF_UNREADABLE, PDF_TOO_COMPLEX); nothing is stored.
 * Signatures whose chain ends at this instance's root and whose file carries no revocation data
 * are checked against this instance's CA (source `signet`).
 */
export async function verifyDocument(
  ctx: VerifyContext,
  receive: (use: (upload: Upload) => Promise<TVerifyReport>) => Promise<TVerifyReport>,
): Promise<TVerifyReport> {
  const hit = await hitRateLimit(ctx.db, `verify:ip:${keyPart(ctx.meta.ip ?? 'unknown')}`, {
    max: VERIFY_LIMITS.perIp,
    windowMs: VERIFY_LIMITS.windowMinutes * 60_000,
  });
  if (!hit.allowed) {
    throw rateLimited(
      hit.retryAfterSeconds,
      'Too many verifications from this address; please try again later.',
    );
  }
  return receive(async ({ file }) => {
    if (file.size === 0 || !looksLikePdf(file.head)) {
      throw new AppError('NOT_A_PDF', 415, 'The file is not a PDF.');
    }
    const ca = await platformCa(ctx.db, ctx.config);
    const report = await ctx.pdf.run('verify', {
      source: { sha256: file.sha256, path: file.path },
      trustedRoots: [ca.rootCertificate],
    });
    return withOwnRevocation(ctx, report);
  });
}

/** Signatures of our own certificates without revocation data in the file: ask our CA now. */
async function withOwnRevocation(
  ctx: VerifyContext,
  report: TVerifyReport,
): Promise<TVerifyReport> {
  const ours = report.signatures.filter(
    (s) => s.chain === 'trusted' && s.revocation.source === 'none' && s.certificates[0],
  );
  if (ours.length > 0) {
    const statuses = await certificateStatuses(
      ctx.db,
      ours.map((s) => (s.certificates[0]?.serial ?? '').replace(/^(00)+(?=.)/, '')),
    );
    for (const s of ours) {
      const status = statuses.get((s.certificates[0]?.serial ?? '').replace(/^(00)+(?=.)/, ''));
      if (status) s.revocation = { status: status.status, source: 'signet' };
    }
  }
  return report;
}
