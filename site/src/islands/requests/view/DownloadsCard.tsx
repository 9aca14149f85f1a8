import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import type { TFunction } from '../../../lib/i18n.ts';
import { downloads, type TDownload } from '../api.ts';

type Props = {
  t: TFunction;
  request: TSignatureRequest;
  busy: string | null;
  download: (target: TDownload) => Promise<void>;
};

/**
 * The documents (signed when signed), the ZIP of several, and the protocol so far while the
 * request runs (once everyone signed, the protocol leads in the actions instead).
 */
export function DownloadsCard({ t, request, busy, download }: Props) {
  const complete = request.status_overall === 'SIGNED';
  return (
    <section className="rq-card" aria-labelledby="rq-downloads">
      <h2 id="rq-downloads">{t('view.downloads')}</h2>
      <ul className="rq-downloads">
        {request.documents.map((d) => (
          <li key={d.id}>
            <button
              type="button"
              className="btn btn--text"
              disabled={busy !== null}
              onClick={() => void download(downloads.document(d.id))}
            >
              {d.signed_sha256
                ? t('view.downloadSigned', { title: d.title })
                : t('view.downloadOriginal', { title: d.title })}
            </button>
            <span className="rq-table__sub">{t('view.pages', { count: d.page_count })}</span>
          </li>
        ))}
        {request.documents.length > 1 && (
          <li>
            <button
              type="button"
              className="btn btn--text"
              disabled={busy !== null}
              onClick={() => void download(downloads.zip(request.id))}
            >
              {t('view.downloadZip')}
            </button>
          </li>
        )}
        {request.status_overall !== 'DRAFT' && !complete && (
          <li>
            <button
              type="button"
              className="btn btn--text"
              disabled={busy !== null}
              onClick={() => void download(downloads.protocol(request.id))}
            >
              {t('view.downloadProtocol')}
            </button>
            <span className="rq-table__sub">{t('view.protocolSoFar')}</span>
          </li>
        )}
      </ul>
    </section>
  );
}
