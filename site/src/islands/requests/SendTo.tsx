import type { TLang } from '@signet/shared/i18n/lang.rules';
import type { TSendtoSummary } from '@signet/shared/signature-request/signature-request.schema';
import { useEffect, useMemo, useState } from 'react';
import { api, call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { getT } from '../../lib/i18n.ts';
import { showSnackbar } from '../../stores/snackbars.ts';
import { notify, useCurrentUser } from '../account/session.ts';
import { Email, Loading, SignerBadge } from './ui.tsx';

type State =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string; summary: TSendtoSummary | null };

/**
 * `/sendto/{id}`: an invitation that went to an address which is not the reader's own account
 * (a shared mailbox, an alias). Reads what it is about (`GET /v3/sendto/{id}/get-internal`),
 * claims the signer slot for the signed-in account (`POST …/claim`) and opens the request.
 * When the slot already is the reader's, it opens the request at once. A failed claim shows
 * 'Failed to claim signature request' (spec section 8).
 */
export default function SendTo({ lang, token }: { lang: TLang; token: string }) {
  const t = useMemo(() => getT(lang, 'requests'), [lang]);
  const user = useCurrentUser();
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    if (!user) return;
    let cancelled = false;
    (async () => {
      let summary: TSendtoSummary | null = null;
      try {
        summary = await call(api.getSendto, { params: { id: token } });
        const view = `/view/${encodeURIComponent(summary.id)}`;
        if (summary.signer.email.toLowerCase() === user.email.toLowerCase()) {
          window.location.replace(view);
          return;
        }
        if (!summary.claimable) throw new Error('NOT_CLAIMABLE');
        const claimed = await call(api.claimSendto, { params: { id: token } });
        notify(t('sendto.claimed', { title: claimed.title }), 'success', true);
        window.location.replace(`/view/${encodeURIComponent(claimed.id)}`);
      } catch (error) {
        if (cancelled) return;
        showSnackbar({ message: t('snackbar.claimFailed'), variant: 'error' });
        const reason =
          error instanceof Error && error.message === 'NOT_CLAIMABLE'
            ? t('sendto.notClaimable')
            : errorMessage(t, error);
        setState({ kind: 'failed', message: reason, summary });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [user, token, t]);

  if (state.kind === 'loading') return <Loading text={t('sendto.loading')} />;
  const { summary } = state;
  return (
    <section className="rq-card rq-sendto" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('sendto.failedTitle')}</h1>
      <p role="alert">{state.message}</p>
      {summary && (
        <dl className="acc-details">
          <div>
            <dt>{t('sendto.request')}</dt>
            <dd>{summary.title}</dd>
          </div>
          <div>
            <dt>{t('sendto.from')}</dt>
            <dd>{summary.owner.name || summary.owner.email}</dd>
          </div>
          <div>
            <dt>{t('sendto.invited')}</dt>
            <dd>
              <Email address={summary.signer.email} />{' '}
              <SignerBadge
                t={t}
                status={summary.signer.status_code}
                requestStatus={summary.status_overall}
              />
            </dd>
          </div>
        </dl>
      )}
      <a className="btn btn--primary" href="/dashboard">
        {t('sendto.toDashboard')}
      </a>
    </section>
  );
}
