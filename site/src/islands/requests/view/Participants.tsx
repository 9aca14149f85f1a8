import { useStore } from '@nanostores/react';
import type { TLang } from '@signet/shared/i18n/lang.rules';
import type { TSignatureRequest } from '@signet/shared/signature-request/signature-request.schema';
import { openAddObserverDialog } from '../../../dialogs/document/add-observer.tsx';
import { openAddSignerDialog } from '../../../dialogs/document/add-signer.tsx';
import { openAddSignerGroupDialog } from '../../../dialogs/document/add-signer-group.tsx';
import { openRemoveSignerDialog } from '../../../dialogs/document/remove-signer.tsx';
import type { TRequestDialogContext } from '../../../dialogs/document/request-dialog.tsx';
import { api, call } from '../../../lib/api.ts';
import type { TFunction } from '../../../lib/i18n.ts';
import { $session } from '../../../stores/session.ts';
import { Email, formatDate, SignerBadge } from '../ui.tsx';
import { emailOf, type TViewer } from './useRequest.ts';

type Props = {
  t: TFunction;
  lang: TLang;
  request: TSignatureRequest;
  viewer: TViewer;
  dialog: TRequestDialogContext;
  busy: string | null;
  run: (name: string, action: () => Promise<void>) => Promise<void>;
  setRequest: (request: TSignatureRequest) => void;
};

/**
 * The signers in signing order with their states, and who may change them. In a draft signed in
 * order, each signer can move earlier or later (the whole order is sent, `signer_order`).
 */
export function SignersCard({ t, lang, request, viewer, dialog, busy, run, setRequest }: Props) {
  const { signers, inOrder, can } = viewer;
  const reorder = request.status_overall === 'DRAFT' && inOrder && can('update');
  const move = (from: number, to: number) =>
    void run(`order-${signers[from]?.sid}`, async () => {
      const sids = signers.map((s) => s.sid);
      const [moved] = sids.splice(from, 1);
      sids.splice(to, 0, moved as string);
      const params = { id: request.id };
      setRequest(await call(api.updateSignatureRequest, { params, body: { signer_order: sids } }));
    });
  // Signer groups belong to a business: offered to its members only.
  const inBusiness = useStore($session).business !== null;
  const nextOrder = inOrder
    ? Math.max(0, ...signers.map((s) => s.order)) + 1
    : (signers[0]?.order ?? 1);
  return (
    <section className="rq-card" aria-labelledby="rq-signers">
      <h2 id="rq-signers">{t('view.signers')}</h2>
      {inOrder && <p className="rq-hint">{t('view.inOrder')}</p>}
      <ol className="rq-signers">
        {signers.map((s, i) => (
          <li key={s.sid} data-signer={emailOf(s)}>
            {inOrder && (
              <span className="rq-order" title={t('view.orderTitle')}>
                {s.order}
              </span>
            )}
            <div className="rq-signers__who">
              {s.name ? (
                <>
                  <span className="rq-signers__name">{s.name}</span>
                  <span className="rq-signers__address">
                    <Email address={emailOf(s)} />
                  </span>
                </>
              ) : (
                <span className="rq-signers__name">
                  <Email address={emailOf(s)} />
                </span>
              )}
              <SignerBadge t={t} status={s.status_code} requestStatus={request.status_overall} />
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
            {reorder && (
              <span className="rq-reorder">
                <button
                  type="button"
                  className="btn btn--text"
                  aria-label={t('view.signerEarlier', { email: emailOf(s) })}
                  disabled={busy !== null || i === 0}
                  onClick={() => move(i, i - 1)}
                >
                  {t('action.earlier')}
                </button>
                <button
                  type="button"
                  className="btn btn--text"
                  aria-label={t('view.signerLater', { email: emailOf(s) })}
                  disabled={busy !== null || i === signers.length - 1}
                  onClick={() => move(i, i + 1)}
                >
                  {t('action.later')}
                </button>
              </span>
            )}
            {can('removeSigner') && s.status_code !== 'SIGNED' && (
              <button
                type="button"
                className="btn btn--text rq-remove"
                aria-label={t('view.removeSigner', { email: emailOf(s) })}
                onClick={() => openRemoveSignerDialog({ ...dialog, sid: s.sid, email: emailOf(s) })}
              >
                {t('action.remove')}
              </button>
            )}
          </li>
        ))}
      </ol>
      {signers.length === 0 && <p className="rq-hint">{t('view.noSigners')}</p>}
      {can('addSigner') && (
        <div className="rq-card__actions">
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => openAddSignerDialog({ ...dialog, nextOrder })}
          >
            {t('action.addSigner')}
          </button>
          {inBusiness && (
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() =>
                void openAddSignerGroupDialog({
                  ...dialog,
                  nextOrder,
                  inOrder,
                  signers: signers.map(emailOf),
                })
              }
            >
              {t('action.addSignerGroup')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

/** The observers, and who may change them. */
export function ObserversCard({ t, request, viewer, dialog, busy, run, setRequest }: Props) {
  const { can } = viewer;
  return (
    <section className="rq-card" aria-labelledby="rq-observers">
      <h2 id="rq-observers">{t('view.observers')}</h2>
      {request.observers.length === 0 ? (
        <p className="rq-hint">{t('view.noObservers')}</p>
      ) : (
        <ul className="rq-signers">
          {request.observers.map((o) => (
            <li key={o.id} data-observer={o.email}>
              <span className="rq-signers__name">
                <Email address={o.email} />
              </span>
              {can('removeObserver') && (
                <button
                  type="button"
                  className="btn btn--text rq-remove"
                  aria-label={t('view.removeObserver', { email: o.email })}
                  disabled={busy !== null}
                  onClick={() =>
                    void run(`observer-${o.id}`, async () => {
                      const params = { id: request.id, o: o.id };
                      setRequest(await call(api.removeSignatureRequestObserver, { params }));
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
          onClick={() => openAddObserverDialog(dialog)}
        >
          {t('action.addObserver')}
        </button>
      )}
    </section>
  );
}
