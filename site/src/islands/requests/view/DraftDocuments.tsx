import { ApiError } from '@signet/shared/api/browser';
import { pdfFileProblem } from '@signet/shared/document/document.rules';
import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { useId, useState } from 'react';
import { api, call, upload } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import type { TFunction } from '../../../lib/i18n.ts';

type Props = {
  t: TFunction;
  request: TSignatureRequest;
  busy: string | null;
  run: (name: string, action: () => Promise<void>) => Promise<void>;
  setRequest: (request: TSignatureRequest) => void;
};

/**
 * The documents of a draft, which its owner adds (uploaded through the one upload path, then
 * attached) and removes until it is sent.
 */
export function DraftDocuments({ t, request, busy, run, setRequest }: Props) {
  const id = useId();
  const [uploading, setUploading] = useState<{ name: string; progress: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const params = { id: request.id };

  const add = async (file: File) => {
    setError(null);
    const problem = pdfFileProblem(file);
    if (problem) {
      setError(t(`upload.${problem}`));
      return;
    }
    setUploading({ name: file.name, progress: 0 });
    try {
      const sent = upload(api.uploadDocument, { file }, (progress) =>
        setUploading({ name: file.name, progress }),
      );
      const document = await sent.promise;
      setRequest(
        await call(api.addSignatureRequestDocument, { params, body: { document_id: document.id } }),
      );
    } catch (caught) {
      const failure = ApiError.of(caught);
      if (failure.code !== 'ABORTED') setError(errorMessage(t, failure));
    } finally {
      setUploading(null);
    }
  };

  return (
    <section className="rq-card" aria-labelledby={`${id}-title`} data-testid="draft-documents">
      <h2 id={`${id}-title`}>{t('upload.documents')}</h2>
      <ul className="rq-signers">
        {request.documents.map((d) => (
          <li key={d.id} data-document={d.id}>
            <div className="rq-signers__who">
              <span className="rq-signers__name">{d.title}</span>
              <span className="rq-table__sub">{t('view.pages', { count: d.page_count })}</span>
            </div>
            <button
              type="button"
              className="btn btn--text rq-remove"
              aria-label={t('draftDocs.remove', { title: d.title })}
              disabled={busy !== null}
              onClick={() =>
                void run(`document-${d.id}`, async () => {
                  setRequest(
                    await call(api.removeSignatureRequestDocument, {
                      params: { id: request.id, docId: d.id },
                    }),
                  );
                })
              }
            >
              {t('action.remove')}
            </button>
          </li>
        ))}
      </ul>
      {uploading && (
        <p className="rq-hint" role="status">
          {t('draftDocs.uploading', { name: uploading.name })}{' '}
          <progress max={1} value={uploading.progress} aria-hidden="true" />
        </p>
      )}
      {error && (
        <p className="acc-field__error" role="alert">
          {error}
        </p>
      )}
      <label className="btn btn--secondary rq-file-label" htmlFor={`${id}-file`}>
        {t('draftDocs.add')}
      </label>
      <input
        id={`${id}-file`}
        className="rq-file-input"
        type="file"
        accept="application/pdf,.pdf"
        disabled={uploading !== null}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) void add(file);
        }}
      />
    </section>
  );
}
