import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { useState } from 'react';
import type { TFunction } from '../../../lib/i18n.ts';
import { PageImage } from '../PageImage.tsx';

/**
 * The page images of one document at a time, with a switch between documents. `pageSrc` gives
 * page URLs that authorise themselves (the direct signer's document token); the first page of
 * such a document loads at once.
 */
export function PagesPreview({
  t,
  request,
  pageSrc,
}: {
  t: TFunction;
  request: TSignatureRequest;
  pageSrc?: (documentId: string, page: number) => string;
}) {
  const [docIndex, setDocIndex] = useState(0);
  const doc = request.documents[Math.min(docIndex, request.documents.length - 1)];
  return (
    <section className="rq-pages" aria-label={t('view.preview')}>
      {request.documents.length > 1 && (
        <fieldset className="rq-doc-tabs">
          <legend className="acc-visually-hidden">{t('view.documents')}</legend>
          {request.documents.map((d, i) => (
            <button
              key={d.id}
              type="button"
              className="btn btn--text"
              aria-pressed={d.id === doc?.id}
              onClick={() => setDocIndex(i)}
            >
              {d.title}
            </button>
          ))}
        </fieldset>
      )}
      {doc &&
        Array.from({ length: doc.page_count }, (_, i) => (
          <PageImage
            key={`${doc.id}-${i + 1}`}
            documentId={doc.id}
            page={i + 1}
            {...(pageSrc ? { src: pageSrc(doc.id, i + 1), eager: i === 0 } : {})}
            alt={t('view.pageAlt', { page: i + 1, pages: doc.page_count, title: doc.title })}
            failedText={t('view.pageFailed')}
            loadingText={t('view.pageLoading', { page: i + 1 })}
          />
        ))}
    </section>
  );
}
