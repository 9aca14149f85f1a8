import {
  checkAction,
  dashboardColour,
} from '@signet/shared/signature-request/signature-request.rules';
import type {
  TRequestAction,
  TSignatureRequest,
  TSigner,
} from '@signet/shared/signature-request/signature-request.schema';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { openAddObserverDialog } from '../../dialogs/document/add-observer.tsx';
import { openAddSignerDialog } from '../../dialogs/document/add-signer.tsx';
import { openDelegateDialog } from '../../dialogs/document/delegate.tsx';
import { openRemoveSignerDialog } from '../../dialogs/document/remove-signer.tsx';
import { openWithdrawDialog } from '../../dialogs/document/withdraw.tsx';
import { openDeclineDialog } from '../../dialogs/general/decline.tsx';
import { openDeleteDocumentsDialog } from '../../dialogs/general/delete-documents.tsx';
import { showNotFound } from '../../lib/guard.ts';
import { getT } from '../../lib/i18n.ts';
import type { Lang } from '../../lib/lang.ts';
import { openSigningOverlay } from '../../overlays/signing.tsx';
import { showSnackbar } from '../../stores/snackbars.ts';
import { notify, useCurrentUser, useFlash } from '../account/session.ts';
import {
  downloadFile,
  downloads,
  failureOf,
  failureText,
  getRequest,
  initiateRequest,
  remindSigners,
  removeObserver,
} from './api.ts';
import { PageImage } from './PageImage.tsx';
import { formatDate, Loading, SignerBadge, StateBadge, signingLanguage } from './ui.tsx';

type Props = { lang: Lang; srid: string };

const emailOf = (s: TSigner) => s.signer_identity_data.email_address;

/**
 * `/view/{srid}`: the request's page images, documents, signers with their states and order,
 * observers and message, with the actions the caller's role allows (the shared rules decide;
 * the server checks again): owner — send a draft, withdraw, remind, add or remove signers and
 * observers, delete; signer — sign, decline, delegate; everyone — downloads.
 */
export default function ViewRequest({ lang, srid }: Props) {
  const t = useMemo(() => getT(lang, 'requests'), [lang]);
  const user = useCurrentUser();
  useFlash();
  const [request, setRequest] = useState<TSignatureRequest | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [docIndex, setDocIndex] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setRequest(await getRequest(srid));
      setFailed(null);
    } catch (error) {
      const { status } = failureOf(error);
      if (status === 404) {
        showNotFound();
        return;
      }
      if (status === 401) return;
      setFailed(failureText(t, error));
    }
  }, [srid, t]);

  useEffect(() => {
    void load();
  }, [load]);

  if (failed) {
    return (
      <div className="acc-alert" role="alert">
        {failed}{' '}
        <button type="button" className="btn btn--text" onClick={() => void load()}>
          {t('action.retry')}
        </button>
      </div>
    );
  }
  if (!request || !user) return <Loading text={t('view.loading')} />;

  const me = user.email.toLowerCase();
  const isOwner = request.my_roles.includes('owner');
  const sorted = [...request.signatures].sort((a, b) => a.order - b.order);
  const mine = sorted.find(
    (s) => emailOf(s).toLowerCase() === me || s.account_email?.toLowerCase() === me,
  );
  const facts = {
    status: request.status_overall,
    documentCount: request.documents.length,
    signerCount: request.signatures.length,
    anySigned: request.signatures.some((s) => s.signed_at !== null),
  };
  const actor = { isOwner, signerStatus: mine?.status_code ?? null };
  const can = (action: TRequestAction) => checkAction(action, facts, actor).ok;
  const colour = dashboardColour(request.status_overall, mine?.status_code ?? null);
  const doc = request.documents[Math.min(docIndex, request.documents.length - 1)];
  const complete = request.status_overall === 'SIGNED';
  const ctx = {
    t,
    requestId: request.id,
    onDone: (r: TSignatureRequest | null) => r && setRequest(r),
  };
  const inOrder = new Set(sorted.map((s) => s.order)).size > 1;

  async function run(name: string, action: () => Promise<void>) {
    if (busy) return;
    setBusy(name);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  }

  const download = (target: { path: string; name: string }) =>
    run(target.path, async () => {
      try {
        await downloadFile(target.path, target.name);
      } catch (error) {
        showSnackbar({
          message: `${t('snackbar.downloadFailed')} ${failureText(t, error)}`,
          variant: 'error',
        });
      }
    });

  const startSigning = () =>
    openSigningOverlay({
      t,
      requestId: request.id,
      title: request.title,
      defaultName: `${user.firstName} ${user.lastName}`.trim(),
      language: signingLanguage(lang),
      onSigned: () => load(),
    });

  return (
    <div className="rq-view" data-request-id={request.id} data-status={request.status_overall}>
      <header className="rq-view__head">
        <p>
          <a href="/dashboard">{t('view.back')}</a>
        </p>
        <h1 id="page-heading">{request.title}</h1>
        <div className="rq-view__meta">
          <StateBadge t={t} colour={colour} />
          <span>
            {t('view.sentBy', {
              name: isOwner ? t('dashboard.me') : request.owner.name || request.owner.email,
              date: formatDate(lang, request.initiated_at ?? request.created_at),
            })}
          </span>
        </div>
        {request.message && (
          <figure className="rq-message">
            <figcaption>{t('view.message')}</figcaption>
            <blockquote>{request.message}</blockquote>
          </figure>
        )}
      </header>

      <section className="rq-actions" aria-label={t('view.actions')}>
        {mine?.status_code === 'WAITING' && request.status_overall === 'OPEN' && (
          <p className="rq-hint" role="status">
            {t('view.waitingForOthers')}
          </p>
        )}
        {can('sign') && (
          <button type="button" className="btn btn--primary btn--xl" onClick={startSigning}>
            {t('action.sign')}
          </button>
        )}
        {can('initiate') && (
          <button
            type="button"
            className="btn btn--primary"
            disabled={busy !== null}
            onClick={() =>
              void run('initiate', async () => {
                try {
                  setRequest(await initiateRequest(request.id));
                  showSnackbar({ message: t('upload.sent'), variant: 'success' });
                } catch (error) {
                  showSnackbar({ message: failureText(t, error), variant: 'error' });
                }
              })
            }
          >
            {t('action.send')}
          </button>
        )}
        {can('remind') && request.signatures.some((s) => s.status_code === 'OPEN') && (
          <button
            type="button"
            className="btn btn--secondary"
            disabled={busy !== null}
            onClick={() =>
              void run('remind', async () => {
                try {
                  const { reminded } = await remindSigners(request.id);
                  showSnackbar({
                    message: t('snackbar.reminded', { count: reminded.length }),
                    variant: 'success',
                  });
                  void load();
                } catch (error) {
                  const reason = failureText(t, error);
                  showSnackbar({
                    message: `${t('snackbar.remindFailed')}. ${reason}`,
                    variant: 'error',
                  });
                }
              })
            }
          >
            {t('action.remind')}
          </button>
        )}
        {can('decline') && (
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => openDeclineDialog(ctx)}
          >
            {t('action.decline')}
          </button>
        )}
        {can('delegate') && (
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => openDelegateDialog({ ...ctx, ownEmail: user.email })}
          >
            {t('action.delegate')}
          </button>
        )}
        {can('withdraw') && (
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => openWithdrawDialog(ctx)}
          >
            {t('action.withdraw')}
          </button>
        )}
        {can('delete') && (
          <button
            type="button"
            className="btn btn--danger"
            onClick={() =>
              openDeleteDocumentsDialog({
                ...ctx,
                title: request.title,
                onDone: () => {
                  notify(t('snackbar.deleted'), 'success', true);
                  window.location.assign('/dashboard');
                },
              })
            }
          >
            {t('action.delete')}
          </button>
        )}
      </section>

      <div className="rq-view__body">
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
                alt={t('view.pageAlt', { page: i + 1, pages: doc.page_count, title: doc.title })}
                failedText={t('view.pageFailed')}
                loadingText={t('view.pageLoading', { page: i + 1 })}
              />
            ))}
        </section>

        <aside className="rq-side">
          <section className="rq-card" aria-labelledby="rq-signers">
            <h2 id="rq-signers">{t('view.signers')}</h2>
            {inOrder && <p className="rq-hint">{t('view.inOrder')}</p>}
            <ol className="rq-signers">
              {sorted.map((s) => (
                <li key={s.sid} data-signer={emailOf(s)}>
                  {inOrder && (
                    <span className="rq-order" title={t('view.orderTitle')}>
                      {s.order}
                    </span>
                  )}
                  <div className="rq-signers__who">
                    <span className="rq-signers__email">{emailOf(s)}</span>
                    <SignerBadge t={t} status={s.status_code} />
                    {s.signed_at && (
                      <span className="rq-table__sub">
                        {t('view.signedAt', { date: formatDate(lang, s.signed_at) })}
                      </span>
                    )}
                    {s.declined_at && (
                      <span className="rq-table__sub">
                        {t('view.declinedAt', { date: formatDate(lang, s.declined_at) })}
                        {s.decline_message ? ` – “${s.decline_message}”` : ''}
                      </span>
                    )}
                    {s.delegated_from && (
                      <span className="rq-table__sub">
                        {t('view.delegatedFrom', { email: s.delegated_from })}
                      </span>
                    )}
                  </div>
                  {can('removeSigner') && s.status_code !== 'SIGNED' && (
                    <button
                      type="button"
                      className="btn btn--text rq-remove"
                      aria-label={t('view.removeSigner', { email: emailOf(s) })}
                      onClick={() =>
                        openRemoveSignerDialog({ ...ctx, sid: s.sid, email: emailOf(s) })
                      }
                    >
                      {t('action.remove')}
                    </button>
                  )}
                </li>
              ))}
            </ol>
            {sorted.length === 0 && <p className="rq-hint">{t('view.noSigners')}</p>}
            {can('addSigner') && (
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() =>
                  openAddSignerDialog({
                    ...ctx,
                    nextOrder: inOrder
                      ? Math.max(0, ...sorted.map((s) => s.order)) + 1
                      : (sorted[0]?.order ?? 1),
                  })
                }
              >
                {t('action.addSigner')}
              </button>
            )}
          </section>

          <section className="rq-card" aria-labelledby="rq-observers">
            <h2 id="rq-observers">{t('view.observers')}</h2>
            {request.observers.length === 0 ? (
              <p className="rq-hint">{t('view.noObservers')}</p>
            ) : (
              <ul className="rq-signers">
                {request.observers.map((o) => (
                  <li key={o.id} data-observer={o.email}>
                    <span className="rq-signers__email">{o.email}</span>
                    {can('removeObserver') && (
                      <button
                        type="button"
                        className="btn btn--text rq-remove"
                        aria-label={t('view.removeObserver', { email: o.email })}
                        disabled={busy !== null}
                        onClick={() =>
                          void run(`observer-${o.id}`, async () => {
                            try {
                              setRequest(await removeObserver(request.id, o.id));
                            } catch (error) {
                              showSnackbar({ message: failureText(t, error), variant: 'error' });
                            }
                          })
                        }
                      >
                        {t('action.remove')}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {can('addObserver') && (
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => openAddObserverDialog(ctx)}
              >
                {t('action.addObserver')}
              </button>
            )}
          </section>

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
              {request.status_overall !== 'DRAFT' && (
                <li>
                  <button
                    type="button"
                    className="btn btn--text"
                    disabled={busy !== null}
                    onClick={() => void download(downloads.protocol(request.id))}
                  >
                    {t('view.downloadProtocol')}
                  </button>
                  {!complete && <span className="rq-table__sub">{t('view.protocolSoFar')}</span>}
                </li>
              )}
            </ul>
          </section>
        </aside>
      </div>
    </div>
  );
}
