import type { TLang } from '@signet/shared/i18n/lang.rules';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { api, call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { useFormSubmit } from '../../lib/form.ts';
import { getT } from '../../lib/i18n.ts';
import { notify } from '../account/session.ts';
import { DetailsFields } from './DetailsFields.tsx';
import { FilesSection } from './upload/FilesSection.tsx';
import { createBody, draftProblems, type TPerson, type TProblem } from './upload/new-request.ts';
import { PeopleList } from './upload/PeopleList.tsx';
import { PreviewSection } from './upload/PreviewSection.tsx';
import { isPlanLimit, newKey, useUploads } from './upload/useUploads.ts';

const person = (order: number): TPerson => ({ key: newKey(), email: '', order: String(order) });
const baseName = (name: string) => name.replace(/\.pdf$/i, '').trim();

/** The message of a problem the page finds before sending. */
const PROBLEM_TEXT: Record<TProblem, string> = {
  stillUploading: 'upload.stillUploading',
  needFile: 'upload.needFile',
  removeFailed: 'upload.removeFailed',
  required: 'account:form.required',
  email: 'account:form.email',
  duplicate: 'upload.duplicate',
  order: 'upload.orderInvalid',
  needSigner: 'upload.needSigner',
};

/**
 * `/upload`: PDFs by drag and drop or the file picker (each uploaded at once, with its own
 * progress bar), title, message, signers (in order or in parallel), observers; then "Send"
 * (create and initiate) or "Save as draft" (create). On the new free plan (`GET /v1/user/plan`)
 * or when the server refuses an upload for the plan, the page shows the way to /upgrade instead.
 */
export default function Upload({ lang }: { lang: TLang }) {
  const t = useMemo(() => getT(lang, 'requests'), [lang]);
  const id = useId();
  const [planBlocked, setPlanBlocked] = useState(false);
  const { files, add, remove } = useUploads(t, () => setPlanBlocked(true));
  const [title, setTitle] = useState('');
  const [titleTouched, setTitleTouched] = useState(false);
  const [message, setMessage] = useState('');
  const [inOrder, setInOrder] = useState(false);
  const [signers, setSigners] = useState<TPerson[]>(() => [person(1)]);
  const [observers, setObservers] = useState<TPerson[]>([]);
  const [mode, setMode] = useState<'send' | 'draft'>('send');
  const alertRef = useRef<HTMLDivElement>(null);

  // The fields in screen order, with the ids of their inputs (what a problem focuses).
  const ids: Record<string, string> = {
    files: `${id}-file`,
    title: `${id}-title`,
    ...Object.fromEntries(
      signers.flatMap((s) => [
        [`order-${s.key}`, `${id}-order-${s.key}`],
        [`signer-${s.key}`, `${id}-signer-${s.key}`],
      ]),
    ),
    ...Object.fromEntries(observers.map((o) => [`observer-${o.key}`, `${id}-observer-${o.key}`])),
  };
  const form = useFormSubmit({ t, ids, alertId: `${id}-alert` });

  // The title follows the first file until the user types one.
  useEffect(() => {
    if (titleTouched) return;
    const first = files[0];
    setTitle(first ? baseName(first.file.name) : '');
  }, [files, titleTouched]);

  useEffect(() => {
    if (planBlocked) alertRef.current?.focus();
  }, [planBlocked]);

  // The new free plan uploads nothing: the page shows the way to the plans instead of the form.
  useEffect(() => {
    call(api.getUserPlan)
      .then((plan) => {
        if (!plan.uploadAllowed) setPlanBlocked(true);
      })
      .catch(() => {
        // The upload call decides then.
      });
  }, []);

  const submit = (how: 'send' | 'draft') => {
    setMode(how);
    const draft = { files, title, message, inOrder, signers, observers };
    return form.submit({
      check: () => {
        const found = draftProblems(draft, how);
        return Object.fromEntries(
          Object.entries(found).map(([key, problem]) => {
            const n = signers.findIndex((s) => key === `order-${s.key}`) + 1;
            return [key, t(PROBLEM_TEXT[problem], { n })];
          }),
        );
      },
      run: async () => {
        const created = await call(api.createSignatureRequest, { body: createBody(draft) });
        const view = `/view/${encodeURIComponent(created.id)}`;
        if (how === 'send') {
          try {
            await call(api.initiateSignatureRequest, { params: { id: created.id } });
          } catch (error) {
            // The draft exists; the request page lets the owner send it again.
            notify(`${t('upload.sendFailed')} ${errorMessage(t, error)}`, 'error', true);
            window.location.assign(view);
            return;
          }
        }
        notify(how === 'send' ? t('upload.sent') : t('upload.saved'), 'success', true);
        window.location.assign(view);
      },
      refused: (error) => {
        if (!isPlanLimit(error)) return null;
        setPlanBlocked(true);
        return {};
      },
    })();
  };

  const fieldError = (key: string) => (form.errors as Record<string, string | undefined>)[key];

  if (planBlocked) {
    return (
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
    );
  }

  return (
    <form
      className="rq-upload"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit('send');
      }}
      aria-busy={form.busy}
    >
      {form.alert && (
        <div className="acc-alert" role="alert" tabIndex={-1} id={`${id}-alert`}>
          {form.alert}
        </div>
      )}

      <FilesSection
        t={t}
        id={id}
        files={files}
        error={fieldError('files')}
        add={add}
        remove={remove}
      />
      <PreviewSection t={t} id={id} files={files} />

      <section className="rq-card" aria-labelledby={`${id}-details`}>
        <h2 id={`${id}-details`}>{t('upload.details')}</h2>
        <DetailsFields
          t={t}
          id={id}
          title={title}
          onTitle={(value) => {
            setTitleTouched(true);
            setTitle(value);
          }}
          titleError={fieldError('title')}
          message={message}
          onMessage={setMessage}
        />
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
        <ol className="rq-people">
          <PeopleList
            t={t}
            id={id}
            kind="signer"
            list={signers}
            set={setSigners}
            inOrder={inOrder}
            errorOf={fieldError}
            documents={files.flatMap((f) => (f.document ? [f.document] : []))}
          />
        </ol>
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
          <ul className="rq-people">
            <PeopleList
              t={t}
              id={id}
              kind="observer"
              list={observers}
              set={setObservers}
              inOrder={false}
              errorOf={fieldError}
            />
          </ul>
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
          disabled={form.busy}
          aria-busy={(form.busy && mode === 'draft') || undefined}
          onClick={() => void submit('draft')}
        >
          {form.busy && mode === 'draft' ? t('account:form.working') : t('upload.saveDraft')}
        </button>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={form.busy}
          aria-busy={(form.busy && mode === 'send') || undefined}
        >
          {form.busy && mode === 'send' ? t('account:form.working') : t('upload.send')}
        </button>
      </div>
    </form>
  );
}
