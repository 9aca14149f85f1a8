import { type DragEvent, useEffect, useRef, useState } from 'react';
import type { TFunction } from '../../../lib/i18n.ts';
import type { TUploadItem } from './useUploads.ts';

type Props = {
  t: TFunction;
  id: string;
  files: readonly TUploadItem[];
  error: string | undefined;
  add: (files: FileList | File[]) => void;
  remove: (item: TUploadItem) => void;
};

/** Drop zone and file picker, and the list of files with their progress. */
export function FilesSection({ t, id, files, error, add, remove }: Props) {
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // Files chosen before the island hydrated (a fast user or a test) are still in the input.
  useEffect(() => {
    const el = input.current;
    if (el?.files && el.files.length > 0) {
      add(el.files);
      el.value = '';
    }
  }, []);

  function onDrop(e: DragEvent<HTMLElement>) {
    e.preventDefault();
    setDragging(false);
    if (e.dataTransfer.files.length > 0) add(e.dataTransfer.files);
  }

  return (
    <section className="rq-card" aria-labelledby={`${id}-docs`}>
      <h2 id={`${id}-docs`}>{t('upload.documents')}</h2>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse shortcut; the file input inside serves keyboards. */}
      <div
        className={dragging ? 'rq-drop rq-drop--over' : 'rq-drop'}
        onDragEnter={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragOver={(e) => e.preventDefault()}
        onDragLeave={(e) => {
          if (e.currentTarget === e.target) setDragging(false);
        }}
        onDrop={onDrop}
        data-testid="drop-zone"
      >
        <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
          <path
            d="M12 16V4m0 0l-4 4m4-4l4 4M5 14v4a2 2 0 002 2h10a2 2 0 002-2v-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <p>{t('upload.dropHint')}</p>
        <label className="btn btn--secondary rq-file-label" htmlFor={`${id}-file`}>
          {t('upload.choose')}
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          className="rq-file-input"
          type="file"
          accept="application/pdf,.pdf"
          multiple
          aria-describedby={error ? `${id}-files-error` : undefined}
          onChange={(e) => {
            if (e.currentTarget.files) add(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
      </div>
      {error && (
        <p className="acc-field__error" id={`${id}-files-error`} role="alert">
          {error}
        </p>
      )}
      {files.length > 0 && (
        <ul className="rq-files" aria-label={t('upload.fileList')}>
          {files.map((f) => (
            <li key={f.key} className={`rq-file rq-file--${f.state}`} data-testid="upload-file">
              <span className="rq-file__name">{f.file.name}</span>
              <progress
                max={1}
                value={f.progress}
                aria-label={t('upload.progress', { name: f.file.name })}
              />
              <span className="rq-file__state" aria-live="polite">
                {f.state === 'uploading'
                  ? `${Math.round(f.progress * 100)} %`
                  : f.state === 'done'
                    ? t('upload.done', { pages: f.document?.page_count ?? 0 })
                    : f.error}
              </span>
              <button
                type="button"
                className="btn btn--text"
                aria-label={t('upload.removeFile', { name: f.file.name })}
                onClick={() => remove(f)}
              >
                {t('action.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
