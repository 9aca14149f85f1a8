import { useState } from 'react';
import { DocumentViewer } from '../../../components/viewer/DocumentViewer.tsx';
import { apiPageSource } from '../../../components/viewer/page-source.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import type { TUploadItem } from './useUploads.ts';

type Props = { t: TFunction; id: string; files: readonly TUploadItem[] };

/**
 * The uploaded documents in the request page's viewer, before anything is sent: folded by
 * default so the form stays short (on a phone above all), opened with one button.
 */
export function PreviewSection({ t, id, files }: Props) {
  const [open, setOpen] = useState(false);
  const documents = files.flatMap((f) => (f.state === 'done' && f.document ? [f.document] : []));
  if (documents.length === 0) return null;
  return (
    <section className="rq-card rq-preview" aria-labelledby={`${id}-preview`}>
      <div className="rq-preview__head">
        <h2 id={`${id}-preview`}>{t('upload.preview')}</h2>
        <button
          type="button"
          className="btn btn--secondary"
          aria-expanded={open}
          aria-controls={`${id}-preview-body`}
          onClick={() => setOpen((was) => !was)}
        >
          {open ? t('upload.hidePreview') : t('upload.showPreview')}
        </button>
      </div>
      <div id={`${id}-preview-body`} hidden={!open}>
        {open && (
          <DocumentViewer
            t={t}
            documents={documents}
            source={apiPageSource()}
            label={t('upload.preview')}
          />
        )}
      </div>
    </section>
  );
}
