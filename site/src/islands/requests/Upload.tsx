import type { TDocument } from '@signet/shared/signature-request/signature-request.schema';
import { isEmail } from '@signet/shared/validation/validation.rules';
import { type DragEvent, type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { getT } from '../../lib/i18n.ts';
import type { Lang } from '../../lib/lang.ts';
import { notify } from '../account/session.ts';
import {
  createRequest,
  failureOf,
  failureText,
  initiateRequest,
  UploadError,
  uploadDocument,
} from './api.ts';

type UploadItem = {
  key: number;
  file: File;
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  document: TDocument | null;
  error: string | null;
  abort: () => void;
};

type Person = { key: number; email: string; order: string };

/** Largest file the page accepts before asking the server (the server checks again). */
const MAX_FILE_BYTES = 40 * 1024 * 1024;

/** Codes by which the server says the caller's plan does not allow this (free plan). */
const PLAN_CODES = new Set(['PLAN_LIMIT', 'FREE_PLAN', 'UPGRADE_REQUIRED', 'PLAN_REQUIRED']);
function isPlanLimit(status: number, code: string): boolean {
  return status === 402 || PLAN_CODES.has(code);
}

function isPdf(file: File): boolean {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
}

const baseName = (name: string) => name.replace(/\.pdf$/i, '').trim();

let nextKey = 1;
const person = (order: number): Person => ({ key: nextKey++, email: '', order: String(order) });

/**
 * `/upload`: PDFs by drag and drop or the file picker (each uploaded at once, with its own
 * progress bar), title, message, signers (in order or in parallel), observers; then "Send"
 * (create and initiate) or "Save as draft" (create). The server decides whether the caller's
 * plan allows it; a refusal shows the upgrade notice.
 */
export default function Upload({ lang }: { lang: Lang }) {
  const t = useMemo(() => getT(lang, 'requests'), [lang]);
  const id = useId();
  const [files, setFiles] = useState<UploadItem[]>([]);
  const [dragging, setDragging] = useState(false);
  const [title, setTitle] = useState('');
  const [titleTouched, setTitleTouched] = useState(false);
  const [message, setMessage] = useState('');
  const [inOrder, setInOrder] = useState(false);
  const [signers, setSigners] = useState<Person[]>(() => [person(1)]);
  const [observers, setObservers] = useState<Person[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [planBlocked, setPlanBlocked] = useState(false);
  const [busy, setBusy] = useState<'send' | 'draft' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  // The title follows the first file until the user types one.
  useEffect(() => {
    if (titleTouched) return;
    const first = files[0];
    setTitle(first ? baseName(first.file.name) : '');
  }, [files, titleTouched]);

  useEffect(() => {
    if (alert || planBlocked) alertRef.current?.focus();
  }, [alert, planBlocked]);

  // Files chosen before the island hydrated (a fast user or a test) are still in the input.
  useEffect(() => {
    const input = fileInput.current;
    if (input?.files && input.files.length > 0) {
      addFiles(input.files);
      input.value = '';
    }
  }, []);

  function patch(key: number, change: Partial<UploadItem>) {
    setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...change } : f)));
  }

  function addFiles(list: FileList | File[]) {
    const added: UploadItem[] = [];
    for (const file of Array.from(list)) {
      const key = nextKey++;
      if (!isPdf(file) || file.size > MAX_FILE_BYTES) {
        added.push({
          key,
          file,
          progress: 0,
          state: 'failed',
          document: null,
          error: isPdf(file) ? t('upload.tooLarge') : t('upload.notPdf'),
          abort: () => {},
        });
        continue;
      }
      const { promise, abort } = uploadDocument(file, (progress) => patch(key, { progress }));
      added.push({
        key,
        file,
        progress: 0,
        state: 'uploading',
        document: null,
        error: null,
        abort,
      });
      promise
        .then((document) => patch(key, { state: 'done', progress: 1, document }))
        .catch((error: unknown) => {
          if (error instanceof UploadError && error.code === 'ABORTED') return;
          const status = error instanceof UploadError ? error.status : 0;
          const code = error instanceof UploadError ? error.code : 'NETWORK';
          if (isPlanLimit(status, code)) setPlanBlocked(true);
          patch(key, {
            state: 'failed',
            error:
              status === 0
                ? t('account:error.network')
                : failureText(t, new ApiError(status, code, '')),
          });
        });
    }
    setFiles((current) => [...current, ...added]);
  }

  function removeFile(item: UploadItem) {
    item.abort();
    setFiles((list) => list.filter((f) => f.key !== item.key));
  }

  function onDrop(e: DragEvent<HTMLElement>) {
    e.preventDefault();
    setDragging(false);
    if (e.dataTransfer.files.length > 0) addFiles(e.dataTransfer.files);
  }

  function validate(mode: 'send' | 'draft'): Record<string, string> {
    const out: Record<string, string> = {};
    const ready = files.filter((f) => f.state === 'done');
    if (files.some((f) => f.state === 'uploading')) out.files = t('upload.stillUploading');
    else if (ready.length === 0) out.files = t('upload.needFile');
    else if (files.some((f) => f.state === 'failed')) out.files = t('upload.removeFailed');
    if (title.trim() === '') out.title = t('account:form.required');
    const seen = new Set<string>();
    const check = (prefix: string, list: Person[]) => {
      list.forEach((p, i) => {
        const email = p.email.trim().toLowerCase();
        if (email === '') {
          if (prefix === 'signer' && (mode === 'send' || list.length > 1)) {
            out[`${prefix}-${p.key}`] = t('account:form.required');
          } else if (prefix === 'observer') out[`${prefix}-${p.key}`] = t('account:form.required');
          return;
        }
        if (!isEmail(email)) out[`${prefix}-${p.key}`] = t('account:form.email');
        else if (seen.has(email)) out[`${prefix}-${p.key}`] = t('upload.duplicate');
        seen.add(email);
        if (prefix === 'signer' && inOrder && !/^\d{1,3}$/.test(p.order.trim())) {
          out[`order-${p.key}`] = t('upload.orderInvalid', { n: i + 1 });
        }
      });
    };
    check('signer', signers);
    check('observer', observers);
    if (mode === 'send' && !signers.some((s) => s.email.trim() !== '')) {
      out[`signer-${signers[0]?.key ?? 0}`] = t('upload.needSigner');
    }
    return out;
  }

  async function submit(mode: 'send' | 'draft') {
    if (busy) return;
    setAlert(null);
    const found = validate(mode);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      const el = document.getElementById(`${id}-${first}`);
      if (el instanceof HTMLElement) el.focus();
      return;
    }
    setBusy(mode);
    let created: { id: string } | null = null;
    try {
      created = await createRequest({
        title: title.trim(),
        ...(message.trim() ? { message: message.trim() } : {}),
        documents: files.flatMap((f) => (f.document ? [{ document_id: f.document.id }] : [])),
        signatures: signers
          .filter((s) => s.email.trim() !== '')
          .map((s, i) => ({
            signer_identity_data: { email_address: s.email.trim().toLowerCase() },
            order: inOrder ? Number(s.order) || i + 1 : 1,
          })),
        observers: observers.map((o) => o.email.trim().toLowerCase()).filter(Boolean),
      });
      if (mode === 'send') await initiateRequest(created.id);
      notify(mode === 'send' ? t('upload.sent') : t('upload.saved'), 'success', true);
      window.location.assign(`/view/${encodeURIComponent(created.id)}`);
    } catch (error) {
      setBusy(null);
      const { status, code } = failureOf(error);
      if (isPlanLimit(status, code)) {
        setPlanBlocked(true);
        return;
      }
      if (created) {
        // The draft exists; the request page lets the owner send it again.
        notify(`${t('upload.sendFailed')} ${failureText(t, error)}`, 'error', true);
        window.location.assign(`/view/${encodeURIComponent(created.id)}`);
        return;
      }
      setAlert(failureText(t, error));
    }
  }

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void submit('send');
  }

  const fieldError = (key: string) => errors[key];

  const personRows = (kind: 'signer' | 'observer', list: Person[], set: typeof setSigners) =>
    list.map((p, i) => {
      const err = fieldError(`${kind}-${p.key}`);
      const orderErr = fieldError(`order-${p.key}`);
      const n = i + 1;
      return (
        <li key={p.key} className="rq-person" data-testid={`${kind}-row`}>
          {kind === 'signer' && inOrder && (
            <div
              className={orderErr ? 'acc-field acc-field--invalid rq-order' : 'acc-field rq-order'}
            >
              <label htmlFor={`${id}-order-${p.key}`}>{t('upload.order', { n })}</label>
              <input
                id={`${id}-order-${p.key}`}
                type="number"
                inputMode="numeric"
                min={1}
                max={999}
                value={p.order}
                aria-invalid={orderErr ? true : undefined}
                onChange={(e) => {
                  const order = e.currentTarget.value;
                  set((all) => all.map((x) => (x.key === p.key ? { ...x, order } : x)));
                }}
              />
            </div>
          )}
          <div
            className={
              err ? 'acc-field acc-field--invalid rq-person__email' : 'acc-field rq-person__email'
            }
          >
            <label htmlFor={`${id}-${kind}-${p.key}`}>{t(`upload.${kind}Email`, { n })}</label>
            <input
              id={`${id}-${kind}-${p.key}`}
              type="email"
              autoComplete="off"
              spellCheck={false}
              value={p.email}
              aria-invalid={err ? true : undefined}
              aria-describedby={err ? `${id}-${kind}-${p.key}-error` : undefined}
              onChange={(e) => {
                const email = e.currentTarget.value;
                set((all) => all.map((x) => (x.key === p.key ? { ...x, email } : x)));
              }}
            />
            {err && (
              <p className="acc-field__error" id={`${id}-${kind}-${p.key}-error`}>
                {err}
              </p>
            )}
          </div>
          {(kind === 'observer' || list.length > 1) && (
            <button
              type="button"
              className="btn btn--text rq-person__remove"
              onClick={() => set((all) => all.filter((x) => x.key !== p.key))}
            >
              {t(`upload.remove${kind === 'signer' ? 'Signer' : 'Observer'}`, { n })}
            </button>
          )}
        </li>
      );
    });

  const filesError = fieldError('files');

  return (
    <form className="rq-upload" noValidate onSubmit={onSubmit} aria-busy={busy !== null}>
      {planBlocked && (
        <div
          className="acc-alert acc-alert--warn rq-plan"
          role="alert"
          tabIndex={-1}
          ref={alertRef}
          data-testid="plan-blocked"
        >
          <strong>{t('upload.planTitle')}</strong>
          <p>{t('upload.planBody')}</p>
          <a className="btn btn--primary" href="/upgrade">
            {t('upload.planUpgrade')}
          </a>
        </div>
      )}
      {alert && !planBlocked && (
        <div className="acc-alert" role="alert" tabIndex={-1} ref={alertRef}>
          {alert}
        </div>
      )}

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
            ref={fileInput}
            id={`${id}-file`}
            className="rq-file-input"
            type="file"
            accept="application/pdf,.pdf"
            multiple
            aria-describedby={filesError ? `${id}-files-error` : undefined}
            onChange={(e) => {
              if (e.currentTarget.files) addFiles(e.currentTarget.files);
              e.currentTarget.value = '';
            }}
          />
        </div>
        {filesError && (
          <p className="acc-field__error" id={`${id}-files-error`} role="alert">
            {filesError}
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
                <button type="button" className="btn btn--text" onClick={() => removeFile(f)}>
                  {t('upload.removeFile', { name: f.file.name })}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="rq-card" aria-labelledby={`${id}-details`}>
        <h2 id={`${id}-details`}>{t('upload.details')}</h2>
        <div className={fieldError('title') ? 'acc-field acc-field--invalid' : 'acc-field'}>
          <label htmlFor={`${id}-title`}>{t('upload.title')}</label>
          <input
            id={`${id}-title`}
            value={title}
            maxLength={255}
            aria-invalid={fieldError('title') ? true : undefined}
            onChange={(e) => {
              setTitleTouched(true);
              setTitle(e.currentTarget.value);
            }}
          />
          {fieldError('title') && <p className="acc-field__error">{fieldError('title')}</p>}
        </div>
        <div className="acc-field">
          <label htmlFor={`${id}-message`}>
            {t('upload.message')} <span className="acc-field__note">{t('upload.optional')}</span>
          </label>
          <textarea
            id={`${id}-message`}
            rows={3}
            maxLength={5000}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
        </div>
      </section>

      <section className="rq-card" aria-labelledby={`${id}-signers`}>
        <h2 id={`${id}-signers`}>{t('upload.signers')}</h2>
        <label className="rq-check">
          <input
            type="checkbox"
            checked={inOrder}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setInOrder(on);
              if (on) setSigners((all) => all.map((s, i) => ({ ...s, order: String(i + 1) })));
            }}
          />
          {t('upload.inOrder')}
        </label>
        <p className="rq-hint">{inOrder ? t('upload.inOrderHint') : t('upload.parallelHint')}</p>
        <ol className="rq-people">{personRows('signer', signers, setSigners)}</ol>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => setSigners((all) => [...all, person(all.length + 1)])}
        >
          {t('upload.addSigner')}
        </button>
      </section>

      <section className="rq-card" aria-labelledby={`${id}-observers`}>
        <h2 id={`${id}-observers`}>{t('upload.observers')}</h2>
        <p className="rq-hint">{t('upload.observersHint')}</p>
        {observers.length > 0 && (
          <ul className="rq-people">{personRows('observer', observers, setObservers)}</ul>
        )}
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => setObservers((all) => [...all, person(all.length + 1)])}
        >
          {t('upload.addObserver')}
        </button>
      </section>

      <div className="rq-submit">
        <button
          type="button"
          className="btn btn--secondary"
          disabled={busy !== null}
          aria-busy={busy === 'draft' || undefined}
          onClick={() => void submit('draft')}
        >
          {busy === 'draft' ? t('account:form.working') : t('upload.saveDraft')}
        </button>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={busy !== null}
          aria-busy={busy === 'send' || undefined}
        >
          {busy === 'send' ? t('account:form.working') : t('upload.send')}
        </button>
      </div>
    </form>
  );
}
