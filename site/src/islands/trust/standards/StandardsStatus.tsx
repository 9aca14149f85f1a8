import type { TLang } from '@signet/shared/i18n/lang.rules';
import { appointmentState } from '@signet/shared/identification/identification.rules';
import type { TIdentInfo } from '@signet/shared/identification/identification.schema';
import type { TQualityDetail } from '@signet/shared/user/user.schema';
import { useEffect, useState } from 'react';
import { api, call } from '../../../lib/api.ts';
import { getT } from '../../../lib/i18n.ts';
import { useFreshUser } from '../../account/session.ts';
import { highestOf, myIdentifications, ongoing, STANDARDS_PATH } from '../ident.ts';

/**
 * `/profile/signature-standards`: what the person can sign with (spec section 3's qualities),
 * their highest standard, the identification under way (with its state and the way back to the
 * provider) and where to activate more.
 */
export default function StandardsStatus({
  lang,
  testSystem,
}: {
  lang: TLang;
  testSystem: boolean;
}) {
  const t = getT(lang, 'trust');
  const user = useFreshUser();
  const [idents, setIdents] = useState<TIdentInfo[] | null>(null);

  useEffect(() => {
    if (!user) return;
    let stop = false;
    const load = () =>
      myIdentifications()
        .then((found) => !stop && setIdents(found))
        .catch(() => !stop && setIdents([]));
    void load();
    // While an identification is under way its state changes at the provider: look again.
    const timer = setInterval(load, 3000);
    return () => {
      stop = true;
      clearInterval(timer);
    };
  }, [user]);

  if (!user || !idents) {
    return <p role="status">{t('standards.loading')}</p>;
  }
  const q = user.signatureQualities;
  const rows: { key: string; detail: TQualityDetail | null }[] = [
    { key: 'ses', detail: q.ses.any },
    { key: 'aesMinimalEidas', detail: q.aesMinimal.eidas },
    { key: 'aesMinimalZertes', detail: q.aesMinimal.zertes },
    { key: 'aes', detail: q.aes.any },
    { key: 'qesEidas', detail: q.qes.eidas },
    { key: 'qesZertes', detail: q.qes.zertes },
  ];
  const current = ongoing(user, idents);
  const state = current ? appointmentState(current.appointmentStatus) : null;
  const highest = highestOf(user);

  return (
    <div className="tr-stack">
      <p className="tr-lead">
        {t('standards.highest')}{' '}
        <strong className={`tr-level tr-level--${highest}`} data-testid="highest-quality">
          {t(`standards.level.${highest}`)}
        </strong>
      </p>
      {testSystem && (q.qes.eidas || q.qes.zertes) && (
        <p className="tr-test" role="note">
          {t('standards.demoNote')}
        </p>
      )}
      <table className="tr-table">
        <caption className="visually-hidden">{t('standards.tableCaption')}</caption>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{t(`standards.quality.${r.key}`)}</th>
              <td data-testid={`quality-${r.key}`}>
                {r.detail ? (
                  <span className="tr-badge tr-badge--ok">
                    {r.detail.quality === 'DEMO'
                      ? t('standards.activeDemo')
                      : t('standards.active')}
                  </span>
                ) : (
                  <span className="tr-badge">{t('standards.inactive')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      {current && state && (
        <section className="tr-card" aria-labelledby="ident-heading" data-testid="ident-status">
          <h2 id="ident-heading">{t('ident.heading')}</h2>
          <p role="status">
            {t(`ident.state.${state}`, { provider: t(`ident.provider.${current.provider}`) })}
          </p>
          {current.failureReason && <p>{t(`ident.reason.${current.failureReason}`)}</p>}
          {current.identUrl && (
            <p>
              <a
                className="btn btn--primary"
                href={current.identUrl}
                target="_blank"
                rel="noopener"
              >
                {t('ident.continue')}
              </a>
            </p>
          )}
          {current.identUrl && (
            <button
              type="button"
              className="btn btn--text"
              onClick={() =>
                void call(api.cancelIdentification, {
                  params: { provider: current.provider, method: current.method },
                  query: { email: user.email },
                }).then(() => window.location.reload())
              }
            >
              {t('ident.cancel')}
            </button>
          )}
        </section>
      )}

      <section aria-labelledby="activate-heading">
        <h2 id="activate-heading">{t('standards.activate')}</h2>
        <ul className="tr-links">
          <li>
            <a href={`${STANDARDS_PATH}/eidas`}>{t('standards.link.eidas')}</a>
          </li>
          <li>
            <a href={`${STANDARDS_PATH}/zertes`}>{t('standards.link.zertes')}</a>
          </li>
          <li>
            <a href={`${STANDARDS_PATH}/mobile-id`}>{t('standards.link.mobileId')}</a>
          </li>
          <li>
            <a href={`${STANDARDS_PATH}/legislation`}>{t('standards.link.legislation')}</a>
          </li>
          <li>
            <a href={`${STANDARDS_PATH}/update`}>{t('standards.link.update')}</a>
          </li>
          <li>
            <a href="/profile/visual-signature">{t('standards.link.visual')}</a>
          </li>
        </ul>
      </section>
    </div>
  );
}
