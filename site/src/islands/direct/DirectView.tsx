import type { api as endpoints, RouteOf } from '@signet/shared/api/api';
import { ApiError } from '@signet/shared/api/browser';
import type { RouteOutput } from '@signet/shared/api/route';
import {
  DIRECT_SIGN_PAGES,
  directIdentificationPath,
} from '@signet/shared/direct-sign/direct-sign.constants';
import type { TLang } from '@signet/shared/i18n/lang.constants';
import { codeFromLang } from '@signet/shared/i18n/lang.rules';
import type { TSignerStatus } from '@signet/shared/signature-request/signature-request.constants';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DialogHost, OverlayHost } from '../../components/shell/ModalHost.tsx';
import { DocumentViewer } from '../../components/viewer/DocumentViewer.tsx';
import type { TPageSource } from '../../components/viewer/page-source.ts';
import { openUpgradeStandardsDialog } from '../../dialogs/document/upgrade-standards.tsx';
import { openDeclineDialog } from '../../dialogs/general/decline.tsx';
import { getT } from '../../lib/i18n.ts';
import { openDirectSignOverlay } from '../../overlays/direct-sign.tsx';
import {
  $directSign,
  exitQueryOf,
  leaveTo,
  pollSignatureState,
  startDirectSession,
  updateDirectSession,
} from '../../stores/direct-sign.ts';
import { formatDate, Loading, RequestMessage } from '../requests/ui.tsx';
import { directApi, signInWithLink } from './api.ts';

type TDirectRequest = RouteOutput<RouteOf<typeof endpoints.getDirectSignatureRequest>>;

type Props = {
  lang: TLang;
  requestId: string;
  userId: string;
  /** The request as the server read it for this page (absent: the island reads it). */
  initial?: TDirectRequest;
  /** The sending business's name, when the server read it (null: none). */
  sender?: string | null;
};

type Token = { value: string; until: number };
const tokenOf = (r: TDirectRequest): Token => ({
  value: r.document_token,
  until: Date.parse(r.document_token_expires_at),
});

/**
 * `/view/{id}/{userid}` (role nas): the document a business sent for signing without an account
 * — its pages, who sent it, and Sign / Decline. Signing goes through the direct-sign overlay and
 * a TAN (or the mobile app); afterwards, and when the link is no longer valid, the signer moves
 * on to /signed, /declined or /not-available, which count down to the exit URLs of the link.
 * The request is read again every 5 s while the signature is open (spec section 4). The server
 * usually renders the page with the request (`initial`), so the first page image loads while
 * the scripts do.
 */
export default function DirectView({ lang, requestId, userId, initial, sender: known }: Props) {
  const t = useMemo(() => getT(lang, 'direct'), [lang]);
  const api = useMemo(() => directApi(requestId), [requestId]);
  const [request, setRequest] = useState<TDirectRequest | null>(initial ?? null);
  const [sender, setSender] = useState<string | null>(known ?? null);
  const [failed, setFailed] = useState<string | null>(null);
  // Page images keep their document token (valid an hour) so they are not fetched again; it is
  // renewed only when it nears its end.
  const token = useRef<Token | null>(initial ? tokenOf(initial) : null);

  // `stale` (from the poll) says an answer arrived for a state the signer's own action changed.
  const load = useCallback(
    async (stale: () => boolean = () => false) => {
      try {
        const read = await api.getRequest();
        if (stale()) return null;
        if (!token.current || token.current.until - Date.now() < 5 * 60_000) {
          token.current = tokenOf(read);
        }
        updateDirectSession({
          signatureState: read.me.status_code as TSignerStatus,
          methods: read.signing_methods,
        });
        setRequest(read);
        setFailed(null);
        return read;
      } catch (error) {
        if (stale()) return null;
        const { status } = ApiError.of(error);
        if (status === 404 || status === 410) {
          leaveTo(status === 410 ? DIRECT_SIGN_PAGES.expired : DIRECT_SIGN_PAGES.notAvailable);
          return null;
        }
        setFailed(t('error.load'));
        return null;
      }
    },
    [api, t],
  );

  useEffect(() => {
    // In the browser only: from now on this page's calls carry the link's credentials.
    signInWithLink({ requestId, userId });
    startDirectSession({ requestId, userId }, window.location.search, codeFromLang(lang));
    if (initial) {
      updateDirectSession({
        signatureState: initial.me.status_code as TSignerStatus,
        methods: initial.signing_methods,
      });
    }
    let stop = () => {};
    void (initial ? Promise.resolve(initial) : load()).then((read) => {
      if (!read) return;
      // The signer reads in this language: their codes and notices follow it.
      if (read.me.language !== codeFromLang(lang)) {
        void api.updateLanguage(codeFromLang(lang)).catch(() => {});
      }
      if (read.business_id && known === undefined) {
        void api
          .businessInformation(read.business_id)
          .then((b) => setSender(b.name))
          .catch(() => {});
      }
      stop = pollSignatureState(async (stale) => {
        const next = await load(stale);
        if (next?.me.status_code === 'SIGNED') leaveTo(DIRECT_SIGN_PAGES.signed);
        if (next?.me.status_code === 'DECLINED') leaveTo(DIRECT_SIGN_PAGES.declined);
      });
    });
    return () => stop();
  }, [requestId, userId, lang, api, load, initial, known]);

  // Page images carry the document token; the source changes only when the token is renewed.
  const tokenValue = token.current?.value ?? '';
  const source = useMemo<TPageSource>(
    () => ({
      kind: 'url',
      src: (documentId, page, scale) => api.pageUrl(documentId, tokenValue, page, scale),
    }),
    [api, tokenValue],
  );

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
  if (!request) return <Loading text={t('view.loading')} />;

  const me = request.me;
  const doc = request.documents[0];
  const from = sender ?? (request.owner.name || request.owner.email);
  const session = $directSign.get();
  const canSign = me.status_code === 'OPEN' && request.status_overall === 'OPEN';
  // The slot asks for AES or QES the signer has not proven yet: identify first (the server says).
  const required = me.required_standard;
  const identifyAt =
    directIdentificationPath(requestId, userId) +
    (typeof window === 'undefined' ? '' : window.location.search);
  const upgrade = () =>
    required && openUpgradeStandardsDialog(getT(lang, 'trust'), request.id, required, identifyAt);
  const name = `${me.first_name ?? ''} ${me.last_name ?? ''}`.trim();
  const documentToken = token.current?.value ?? '';

  const sign = () =>
    openDirectSignOverlay({
      t,
      api,
      title: request.title,
      language: codeFromLang(lang),
      mobile: me.mobile,
      email: me.email,
      sid: me.sid,
      exitQuery: session ? exitQueryOf(session) : '',
      mobileApp: request.signing_methods.includes('mab'),
      values: { name, reason: '', channel: me.mobile ? 'sms' : 'mail' },
      sentTo: null,
      onSigned: () => {
        updateDirectSession({ signatureState: 'SIGNED' });
        leaveTo(DIRECT_SIGN_PAGES.signed);
      },
    });

  const decline = () =>
    openDeclineDialog(
      {
        t: getT(lang, 'requests'),
        requestId: request.id,
        onDone: () => {
          updateDirectSession({ signatureState: 'DECLINED' });
          leaveTo(DIRECT_SIGN_PAGES.declined);
        },
      },
      (message) => api.decline(message),
    );

  return (
    <div className="rq-view dx-view" data-request-id={request.id} data-status={me.status_code}>
      <header className="rq-view__head">
        <p className="dx-sender" data-testid="direct-sender">
          {t('view.sentBy', { sender: from })}
        </p>
        <h1 id="page-heading">{request.title}</h1>
        <RequestMessage t={t} message={request.message} />
      </header>

      <section className="rq-actions dx-actions" aria-label={t('view.actions')}>
        {me.status_code === 'WAITING' && (
          <p className="rq-hint" role="status">
            {t('view.waiting')}
          </p>
        )}
        {me.status_code === 'SIGNED' && (
          <p className="rq-hint" role="status">
            {t('view.signed')}
          </p>
        )}
        {canSign && required && (
          <p className="rq-hint" role="status" data-testid="direct-upgrade">
            {t('view.identifyFirst', {
              quality: getT(lang, 'trust')(`choice.quality.${required.quality}`),
            })}{' '}
            <a href={identifyAt}>{t('view.identifyLink')}</a>
          </p>
        )}
        {canSign && (
          <button
            type="button"
            className="btn btn--primary btn--xl"
            onClick={required ? upgrade : sign}
          >
            {t('action.sign')}
          </button>
        )}
        {(me.status_code === 'OPEN' || me.status_code === 'WAITING') && (
          <button type="button" className="btn btn--secondary" onClick={decline}>
            {t('action.decline')}
          </button>
        )}
        {doc && documentToken && (
          <a className="btn btn--text" href={api.downloadUrl(doc.id, documentToken)} download>
            {t('action.download')}
          </a>
        )}
      </section>

      {documentToken && <DocumentViewer t={t} documents={request.documents} source={source} />}
      <p className="rq-hint dx-sent">
        {t('view.sentAt', { date: formatDate(lang, request.initiated_at ?? request.created_at) })}
      </p>
      <DialogHost closeLabel={t('action.close')} />
      <OverlayHost loadingLabel={t('overlay.loading')} />
    </div>
  );
}
