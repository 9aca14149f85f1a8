import type { TLang } from '@signet/shared/i18n/lang.rules';
import { touKey } from '@signet/shared/identification/identification.constants';
import type { TEidData, TIdentInfo } from '@signet/shared/identification/identification.schema';
import { useEffect, useRef, useState } from 'react';
import { openSupplyEidDataDialog } from '../../../dialogs/document/supply-eid-data.tsx';
import { openTermsOfUseDialog } from '../../../dialogs/document/terms-of-use.tsx';
import { api, call } from '../../../lib/api.ts';
import { getT } from '../../../lib/i18n.ts';
import { setUser } from '../../../stores/session.ts';
import { useFreshUser } from '../../account/session.ts';
import { identRoute, myIdentifications, ongoing, STANDARDS_PATH } from '../ident.ts';
import { bookingError, followIdent, IdentStatus } from './IdentStatus.tsx';

type Props = { lang: TLang; legislation: 'eidas' | 'zertes'; method: string };

/**
 * `/profile/signature-standards/{eidas|zertes}/{video|self|auto}`: the identification itself.
 * The person supplies their e-ID data and accepts the provider's terms of use (dialogs), then
 * books the identification and goes to the provider's page; this page follows its state until
 * it is over. An identification already under way sends the person to the status page (spec
 * section 4, ongoing ident).
 */
export default function Identify({ lang, legislation, method }: Props) {
  const t = getT(lang, 'trust');
  const user = useFreshUser();
  const route = identRoute(legislation, method);
  const [ident, setIdent] = useState<TIdentInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const signatureRequestId =
    typeof window === 'undefined'
      ? null
      : new URLSearchParams(window.location.search).get('signatureRequestId');

  const checked = useRef(false);
  useEffect(() => {
    if (!user || !route || checked.current) return;
    checked.current = true;
    void myIdentifications().then((found) => {
      // This method's own identification: show where it stands.
      const mine = found.find((i) => i.provider === route.provider && i.method === route.method);
      if (mine && mine.status !== 'cancelled' && mine.status !== 'failure') {
        setIdent(mine);
        return;
      }
      // Another one under way: its status page (spec section 4, ongoing ident).
      const current = ongoing(user, found);
      if (current && (current.status === 'initialized' || current.status === 'inprogress')) {
        window.location.replace(STANDARDS_PATH);
      }
    });
  }, [user, route]);

  useEffect(() => {
    if (!ident || !route) return;
    if (ident.status !== 'initialized' && ident.status !== 'inprogress') return;
    const timer = setInterval(() => {
      void call(api.getIdentification, { params: route }).then(async (fresh) => {
        setIdent(fresh);
        if (fresh.status === 'success') setUser(await call(api.getUser));
        followIdent(t, fresh, () => setIdent(null));
      });
    }, 2000);
    return () => clearInterval(timer);
  }, [ident, route]);

  if (!route) return <p>{t('ident.unknownMethod')}</p>;
  if (!user) return <p role="status">{t('standards.loading')}</p>;

  const book = async (eidData: TEidData) => {
    setError(null);
    try {
      if (!user.attributes.acceptedTou.includes(route.provider)) {
        const accepted = await new Promise<boolean>((resolve) =>
          openTermsOfUseDialog(t, route.provider, resolve),
        );
        if (!accepted) return;
        setUser(await call(api.acceptUser, { body: { [touKey(route.provider)]: true } }));
      }
      const booked = await call(api.startIdentification, {
        params: route,
        body: {
          legislation: legislation === 'eidas' ? 'EIDAS' : 'ZERTES',
          eidData,
          ...(signatureRequestId ? { signatureRequestId } : {}),
        },
      });
      setIdent(booked);
    } catch (e) {
      setError(bookingError(t, e));
    }
  };

  return (
    <div className="tr-stack">
      <p className="tr-lead">{t(`identify.${legislation}.${method}.lead`)}</p>
      {error && (
        <p className="tr-error" role="alert">
          {error}
        </p>
      )}
      {!ident && (
        <button
          type="button"
          className="btn btn--primary btn--xl"
          onClick={() => openSupplyEidDataDialog(t, user, (data) => void book(data))}
        >
          {t('identify.start')}
        </button>
      )}
      {ident && (
        <IdentStatus
          t={t}
          ident={ident}
          onRetry={() => setIdent(null)}
          done={
            <a
              className="btn btn--primary"
              href={
                signatureRequestId
                  ? `/view/${encodeURIComponent(signatureRequestId)}`
                  : STANDARDS_PATH
              }
            >
              {signatureRequestId ? t('identify.backToRequest') : t('identify.backToStandards')}
            </a>
          }
        />
      )}
    </div>
  );
}
