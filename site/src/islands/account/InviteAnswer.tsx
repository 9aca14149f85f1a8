import { useStore } from '@nanostores/react';
import type { TLang } from '@signet/shared/i18n/lang.rules';
import { useState } from 'react';
import { answerInvitation } from '../../dialogs/business/business-invitation.tsx';
import { getT } from '../../lib/i18n.ts';
import { $session } from '../../stores/session.ts';

/**
 * `/invite/{id}` (members): the invitation from the mail. A member who has not answered sees the
 * business and accepts or declines here; one who has sees where they are.
 */
export default function InviteAnswer({ lang }: { lang: TLang }) {
  const t = getT(lang);
  const session = useStore($session);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { user, business } = session;
  if (session.status !== 'ready' || !user) {
    return (
      <p className="acc-status" role="status">
        {t('business.invitation.loading')}
      </p>
    );
  }
  if (!business) {
    return (
      <div className="acc-invalid" role="alert">
        <p>{t('business.invitation.gone')}</p>
        <a className="btn btn--primary" href="/dashboard">
          {t('business.invitation.toDashboard')}
        </a>
      </div>
    );
  }
  if (user.attributes.acceptedBusinessInvite) {
    return (
      <div>
        <p>{t('business.invitation.already', { name: business.name })}</p>
        <a className="btn btn--primary" href="/dashboard">
          {t('business.invitation.toDashboard')}
        </a>
      </div>
    );
  }
  const answer = async (accept: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await answerInvitation(lang, accept, business.name);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="acc-form">
      <p>{t('business.invitation.text', { name: business.name })}</p>
      {error ? (
        <p className="acc-alert" role="alert">
          {error}
        </p>
      ) : null}
      <div className="acc-actions">
        <button
          type="button"
          className="btn btn--text"
          disabled={busy}
          onClick={() => void answer(false)}
        >
          {t('business.invitation.decline')}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={busy}
          onClick={() => void answer(true)}
        >
          {t('business.invitation.accept')}
        </button>
      </div>
    </div>
  );
}
