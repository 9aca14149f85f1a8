import { pdfFileProblem } from '@signet/shared/document/document.rules';
import type { TLang } from '@signet/shared/i18n/lang.constants';
import { DATE_TIME_FORMAT } from '@signet/shared/ui/ui.constants';
import type { TVerifiedSignature, TVerifyReport } from '@signet/shared/verify/verify.schema';
import { type DragEvent, useId, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { getT, type TFunction } from '../../lib/i18n.ts';
import { ROOT_CERTIFICATE_URL, verifyFile } from './verify-api.ts';

type State =
  | { kind: 'idle' }
  | { kind: 'checking'; name: string }
  | { kind: 'done'; name: string; report: TVerifyReport }
  | { kind: 'failed'; message: string };

function Row({ label, children, ok }: { label: string; children: React.ReactNode; ok?: boolean }) {
  return (
    <div className="vf-row" data-ok={ok === undefined ? undefined : String(ok)}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function SignatureCard({
  s,
  t,
  date,
}: {
  s: TVerifiedSignature;
  t: TFunction;
  date: (iso: string) => string;
}) {
  const title =
    s.kind === 'signature'
      ? (s.claimed_name ?? s.signer ?? t('verify.kind.signature'))
      : t('verify.kind.document-timestamp');
  const fine = s.valid && s.chain !== 'incomplete' && s.changes_after !== 'other';
  return (
    <li className="vf-card" data-valid={String(fine)}>
      <h3>
        <span className={`vf-badge vf-badge--${fine ? 'ok' : 'bad'}`}>
          {s.valid ? t('verify.status.valid') : t('verify.status.invalid')}
        </span>{' '}
        {title}
        <span className="vf-kind">{t(`verify.kind.${s.kind}`)}</span>
      </h3>
      <dl>
        <Row label={t('verify.signer')}>{s.signer ?? '–'}</Row>
        <Row label={t('verify.digest')} ok={s.digest_valid}>
          {s.digest_valid
            ? t('verify.digest.ok', { algorithm: s.digest_algorithm ?? '' })
            : t('verify.digest.bad')}
        </Row>
        <Row label={t('verify.signatureValue')} ok={s.signature_valid}>
          {s.signature_valid ? t('verify.signatureValue.ok') : t('verify.signatureValue.bad')}
        </Row>
        <Row
          label={t('verify.chain')}
          ok={s.chain === 'trusted' ? true : s.chain === 'incomplete' ? false : undefined}
        >
          {t(`verify.chain.${s.chain}`)}
          {s.certificates.length > 0 && (
            <ol className="vf-chain">
              {s.certificates.map((c) => (
                <li key={c.serial}>{c.subject}</li>
              ))}
            </ol>
          )}
        </Row>
        <Row label={t('verify.timestamp')} ok={s.timestamp ? s.timestamp.valid : undefined}>
          {s.timestamp
            ? s.timestamp.valid
              ? t('verify.timestamp.ok', {
                  date: date(s.timestamp.time),
                  authority: s.timestamp.authority ?? '',
                })
              : t('verify.timestamp.bad', { date: date(s.timestamp.time) })
            : t('verify.timestamp.none')}
        </Row>
        {s.claimed_time && s.kind === 'signature' && (
          <Row label={t('verify.claimedTime')}>{date(s.claimed_time)}</Row>
        )}
        <Row
          label={t('verify.revocation')}
          ok={
            s.revocation.status === 'revoked'
              ? false
              : s.revocation.status === 'good'
                ? true
                : undefined
          }
        >
          {t(`verify.revocation.${s.revocation.status}`)}
          {s.revocation.source !== 'none' &&
            ` ${t(`verify.revocation.source.${s.revocation.source}`)}`}
        </Row>
        {s.kind === 'signature' && (
          <Row label={t('verify.level')}>
            {s.level ? `PAdES ${s.level}` : t('verify.level.none')}
          </Row>
        )}
        <Row label={t('verify.changes')} ok={s.changes_after !== 'other'}>
          {t(`verify.changes.${s.changes_after}`)}
        </Row>
      </dl>
    </li>
  );
}

/**
 * `/verify`: drop any PDF and get a report per signature from Signet's own validator — signer,
 * chain, digest, time stamp, revocation, PAdES level, changes after it. No account; the file is
 * not stored.
 */
export default function VerifyDocument({ lang }: { lang: TLang }) {
  const t = useMemo(() => getT(lang, 'evidence'), [lang]);
  const format = useMemo(() => new Intl.DateTimeFormat(lang, DATE_TIME_FORMAT), [lang]);
  const date = (iso: string) => format.format(new Date(iso));
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [over, setOver] = useState(false);

  async function check(file: File | undefined) {
    if (!file) return;
    const problem = pdfFileProblem(file);
    if (problem) {
      setState({ kind: 'failed', message: t(`verify.${problem}`) });
      return;
    }
    setState({ kind: 'checking', name: file.name });
    try {
      setState({ kind: 'done', name: file.name, report: await verifyFile(file) });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : '';
      const known = code ? t(`errors:${code}`) : '';
      setState({ kind: 'failed', message: known && known !== code ? known : t('verify.failed') });
    }
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void check(e.dataTransfer.files[0]);
  };

  const report = state.kind === 'done' ? state.report : null;
  const signatures = report?.signatures.filter((s) => s.kind === 'signature') ?? [];
  return (
    <div className="vf">
      <section
        aria-label={t('verify.drop')}
        className={`vf-drop${over ? ' vf-drop--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p>{t('verify.drop')}</p>
        <input
          ref={input}
          id={`${id}-file`}
          className="vf-file"
          type="file"
          accept="application/pdf,.pdf"
          onChange={(e) => void check(e.currentTarget.files?.[0])}
        />
        <label htmlFor={`${id}-file`} className="btn btn--primary">
          {t('verify.choose')}
        </label>
        <p className="vf-note">{t('verify.privacy')}</p>
      </section>

      <div aria-live="polite" className="vf-result">
        {state.kind === 'checking' && <p className="vf-status">{t('verify.checking')}</p>}
        {state.kind === 'failed' && (
          <p className="vf-summary vf-summary--bad" role="alert">
            {state.message}
          </p>
        )}
        {report && (
          <>
            <p
              className={`vf-summary vf-summary--${report.signatures.length === 0 ? 'none' : report.intact ? 'ok' : 'bad'}`}
              data-intact={String(report.intact)}
            >
              {report.signatures.length === 0
                ? t('verify.summary.none')
                : report.intact
                  ? t('verify.summary.intact', { count: signatures.length })
                  : t('verify.summary.problems')}
            </p>
            <p className="vf-file-facts">
              {t('verify.file', {
                name: state.kind === 'done' ? state.name : '',
                pages: report.pages,
                sha256: report.sha256,
              })}
            </p>
            <ol className="vf-list">
              {report.signatures.map((s) => (
                <SignatureCard
                  key={`${s.field}-${s.byte_range.join('-')}`}
                  s={s}
                  t={t}
                  date={date}
                />
              ))}
            </ol>
            <button
              type="button"
              className="btn"
              onClick={() => {
                if (input.current) input.current.value = '';
                setState({ kind: 'idle' });
              }}
            >
              {t('verify.again')}
            </button>
          </>
        )}
      </div>
      <p className="vf-note">
        <a href={ROOT_CERTIFICATE_URL} download="signet-root.crt">
          {t('verify.root')}
        </a>
      </p>
    </div>
  );
}
