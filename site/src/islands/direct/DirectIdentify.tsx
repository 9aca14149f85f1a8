import type { api as endpoints, RouteOf } from '@signet/shared/api/api';
import { ApiError } from '@signet/shared/api/browser';
import type { RouteOutput } from '@signet/shared/api/route';
import {
  DIRECT_SIGN_PAGES,
  directSigningPath,
} from '@signet/shared/direct-sign/direct-sign.constants';
import type { TDirectUser } from '@signet/shared/direct-sign/direct-sign.schema';
import type { TLang } from '@signet/shared/i18n/lang.constants';
import {
  IDENT_METHOD_ROUTES,
  IDENT_OFFERS,
  touKey,
} from '@signet/shared/identification/identification.constants';
import type { TEidData, TIdentInfo } from '@signet/shared/identification/identification.schema';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { DialogHost, OverlayHost } from '../../components/shell/ModalHost.tsx';
import { openSupplyEidDataDialog } from '../../dialogs/document/supply-eid-data.tsx';
import { openTermsOfUseDialog } from '../../dialogs/document/terms-of-use.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { getT } from '../../lib/i18n.ts';
import { leaveTo } from '../../stores/direct-sign.ts';
import { Loading } from '../requests/ui.tsx';
import { bookingError, followIdent, IdentStatus } from '../trust/standards/IdentStatus.tsx';
import { directApi, signInWithLink } from './api.ts';

type TDirectRequest = RouteOutput<RouteOf<typeof endpoints.getDirectSignatureRequest>>;
type TMethod = { name: string; provider: 'srs' | 'intrum'; method: 'video' | 'robo' | 'autoident' };

type Props = { lang: TLang; requestId: string; userId: string };

const OPEN = new Set(['initialized', 'inprogress']);

/**
 * `/direct-sign/identification/{id}/{userid}` (role nas): a direct signer whose slot asks for AES
 * or QES proves who they are, for that slot. The methods are those of the slot's legislation
 * (spec section 9) that the identification sandbox offers — for QES only a qualified provider's.
 * The signer supplies their e-ID data, accepts the provider's terms, goes to the provider's page
 * (a new tab) and this page follows the identification until it ends; then back to the signing
 * link (its exit-URL query kept). Another person's identity is the serial number mismatch
 * overlay. The rule whether the slot can be signed is the server's (`me.required_standard`).
 */
export default function DirectIdentify({ lang, requestId, userId }: Props) {
  const t = useMemo(() => getT(lang, 'trust'), [lang]);
  const api = useMemo(() => directApi(requestId), [requestId]);
  const [request, setRequest] = useState<TDirectRequest | null>(null);
  const [user, setUser] = useState<TDirectUser | null>(null);
  const [ident, setIdent] = useState<TIdentInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const back =
    directSigningPath(requestId, userId) +
    (typeof window === 'undefined' ? '' : window.location.search);

  const required = request?.me.required_standard ?? null;
  const legislation = (required?.legislation ?? 'ZERTES') === 'EIDAS' ? 'eidas' : 'zertes';
  const methods = useMemo<TMethod[]>(
    () =>
      Object.entries(IDENT_METHOD_ROUTES[legislation])
        .map(([name, r]) => ({ name, ...r }) as TMethod)
        .filter(
          (m) => required?.quality !== 'QES' || IDENT_OFFERS[m.provider][m.method]?.qualified,
        ),
    [legislation, required],
  );

  const refresh = useCallback(async () => {
    const [read, me] = await Promise.all([api.getRequest(), api.getUser()]);
    setRequest(read);
    setUser(me);
    return read;
  }, [api]);

  useEffect(() => {
    signInWithLink({ requestId, userId });
    void refresh()
      .then(async (read) => {
        // An identification of this slot under way (or the one that just ended) is shown.
        const found = await Promise.all(
          Object.values(IDENT_METHOD_ROUTES)
            .flatMap((m) => Object.values(m))
            .map((p) => api.getIdentification(p).catch(() => null)),
        );
        const latest = found
          .filter((i): i is TIdentInfo => i !== null && i.status !== 'cancelled')
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
        if (latest && (OPEN.has(latest.status) || read.me.required_standard === null)) {
          setIdent(latest);
        }
      })
      .catch((e: unknown) => {
        if (ApiError.of(e).status === 404) leaveTo(DIRECT_SIGN_PAGES.notAvailable);
        else setError(errorMessage(t, e));
      });
  }, [requestId, userId, api, refresh, t]);

  // While it is under way, the provider's result is read every 2 s.
  useEffect(() => {
    if (!ident || !OPEN.has(ident.status)) return;
    const timer = setInterval(() => {
      void api
        .getIdentification({ provider: ident.provider, method: ident.method })
        .then(async (fresh) => {
          setIdent(fresh);
          if (fresh.status === 'success') await refresh();
          followIdent(t, fresh, () => setIdent(null));
        })
        .catch(() => {});
    }, 2000);
    return () => clearInterval(timer);
  }, [ident, api, refresh, t]);

  if (error) {
    return (
      <p className="acc-alert" role="alert">
        {error}
      </p>
    );
  }
  if (!request || !user) return <Loading text={t('standards.loading')} />;

  const book = async (m: TMethod, eidData: TEidData) => {
    setError(null);
    try {
      if (!user.attributes.acceptedTou.includes(m.provider)) {
        const accepted = await new Promise<boolean>((resolve) =>
          openTermsOfUseDialog(t, m.provider, resolve),
        );
        if (!accepted) return;
        setUser(await api.acceptTerms({ [touKey(m.provider)]: true }));
      }
      setIdent(
        await api.startIdentification(
          { provider: m.provider, method: m.method },
          { legislation: required?.legislation ?? 'ZERTES', eidData },
        ),
      );
    } catch (e) {
      setError(bookingError(t, e));
    }
  };

  const quality = required?.quality ?? request.me.signature_level ?? 'SES';
  return (
    <div className="tr-stack dx-ident" data-testid="direct-identification">
      <p className="dx-sender">{request.title}</p>
      <h1 id="page-heading">{t('directIdent.heading')}</h1>
      <p className="tr-test" role="note">
        {t('page.testSystem')}
      </p>
      {required ? (
        <p className="tr-lead">
          {t('upgrade.body', {
            quality: t(`choice.quality.${quality}`),
            legislation: t(`choice.legislation.${required.legislation}`),
          })}
        </p>
      ) : (
        <section className="tr-card" data-testid="direct-ident-done">
          <p role="status">{t('directIdent.ready')}</p>
          <a className="btn btn--primary btn--xl" href={back}>
            {t('identify.backToRequest')}
          </a>
        </section>
      )}
      {required && !ident && (
        <ul className="dx-methods">
          {methods.map((m) => (
            <li key={m.name} className="tr-card">
              <h2>{t(`directIdent.method.${legislation}.${m.name}`)}</h2>
              <p>{t(`identify.${legislation}.${m.name}.lead`)}</p>
              <button
                type="button"
                className="btn btn--primary"
                onClick={() =>
                  openSupplyEidDataDialog(
                    t,
                    {
                      firstName: user.firstName,
                      lastName: user.lastName,
                      attributes: { immutableEidFields: [] },
                    },
                    (data) => void book(m, data),
                  )
                }
              >
                {t('identify.start')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {required && ident && <IdentStatus t={t} ident={ident} onRetry={() => setIdent(null)} />}
      <p>
        <a href={back}>{t('directIdent.back')}</a>
      </p>
      <DialogHost closeLabel={t('dialog.close')} />
      <OverlayHost loadingLabel={t('direct:overlay.loading')} />
    </div>
  );
}
