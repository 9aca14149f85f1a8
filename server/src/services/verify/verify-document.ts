import { VERIFY_LIMITS } from '@signet/shared/verify/verify.constants';
import type { TVerifyReport } from '@signet/shared/verify/verify.schema';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, isAppError } from '../../errors.ts';
import type { EventMeta } from '../../evidence/record-event.ts';
import { looksLikePdf } from '../../pdf/magic.ts';
import { hitRateLimit } from '../../security/rate-limit.ts';
import { ThreadCallError } from '../../threads/thread-call.ts';
import { platformCa } from '../pki/platform-ca.ts';
import { certificateStatuses } from '../pki/revocation.ts';

export type VerifyContext = {
  db: Db;
  config: Pick<Config, 'secret' | 'publicUrl'>;
  meta: EventMeta;
};

/** What a thread's refusal of a PDF means for the caller (never the parser's own words). */
const PDF_REFUSALS: Record<string, string> = {
  PDF_ENCRYPTED: 'The PDF is encrypted or password protected.',
  PDF_UNREADABLE: 'The PDF is damaged and cannot be read.',
  PDF_NO_PAGES: 'The PDF has no pages.',
};

/**
 * `POST /v1/verify` and the `/verify` page: Signet's validator over any PDF, for anyone (no
 * account). Counted per client IP (30 per 15 minutes, in the database so every instance shares
 * it); the PDF is parsed on the verify thread with memory and time limits; nothing is stored.
 * Signatures whose chain ends at this instance's root and whose file carries no revocation data
 * are checked against this instance's CA (source `signet`).
 */
export async function verifyDocument(
  ctx: VerifyContext,
  bytes: Uint8Array,
): Promise<TVerifyReport> {
  const hit = await hitRateLimit(ctx.db, `verify:ip:${ctx.meta.ip ?? 'unknown'}`, {
    max: VERIFY_LIMITS.perIp,
    windowMs: VERIFY_LIMITS.windowMinutes * 60_000,
  });
  if (!hit.allowed) {
    throw new AppError(
      'RATE_LIMITED',
      429,
      'Too many verifications from this address; please try again later.',
      { retryAfter: hit.retryAfterSeconds },
      { 'Retry-After': String(hit.retryAfterSeconds) },
    );
  }
  if (bytes.length === 0 || !looksLikePdf(bytes)) {
    throw new AppError('NOT_A_PDF', 415, 'The file is not a PDF.');
  }
  const ca = await platformCa(ctx.db, ctx.config);
  const { verifyPdf } = await import('../../pdf/verify/verify-pdf.ts');
  let report: TVerifyReport;
  try {
    report = await verifyPdf(bytes, [ca.rootCertificate]);
  } catch (e) {
    const code = e instanceof ThreadCallError || isAppError(e) ? e.code : undefined;
    const message = code ? PDF_REFUSALS[code] : undefined;
    if (code && message) throw new AppError(code, 422, message);
    throw new AppError(
      'PDF_TOO_COMPLEX',
      422,
      'The PDF could not be checked within the time and memory a check may take.',
    );
  }
  // Our own certificates without revocation data in the file: ask our CA now.
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
