import { directSigningPath } from '@signet/shared/direct-sign/direct-sign.constants';
import { directPagePath } from '@signet/shared/direct-sign/direct-sign.rules';
import { exitUrlsFromQuery } from '@signet/shared/exit-url/exit-url.rules';
import type { TLang } from '@signet/shared/i18n/lang.constants';
import { codeFromLang } from '@signet/shared/i18n/lang.rules';
import { useEffect, useMemo } from 'react';
import { OverlayHost } from '../../components/shell/ModalHost.tsx';
import { getT } from '../../lib/i18n.ts';
import { openNoticeOverlay } from '../../overlays/notice-overlay.tsx';
import { Loading } from '../requests/ui.tsx';
import { finishMobileApp } from './api.ts';

type Props = { lang: TLang };

/**
 * `/mab/redirect`: where the mobile app sends the signer back (`state`, and `code` or `error`).
 * Finishes the signature (`redirect-sign`); success goes on to /signed with the link's exit
 * URLs, anything else shows the MAB signing failure overlay with the way back to the document.
 */
export default function MabRedirect({ lang }: Props) {
  const t = useMemo(() => getT(lang, 'direct'), [lang]);
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    const state = query.get('state') ?? '';
    const failure = (status: string, back: string | null) =>
      openNoticeOverlay({
        name: 'mab-signing-failure',
        tone: 'error',
        title: t('overlay.mabFailure.title'),
        text: t(`overlay.mabFailure.${status}`),
        actions: back
          ? [
              {
                label: t('overlay.mabFailure.back'),
                primary: true,
                onClick: () => window.location.assign(back),
              },
            ]
          : [],
      });
    if (state.length < 16) {
      failure('ERROR', null);
      return;
    }
    finishMobileApp(state, Object.fromEntries(query)).then(
      (result) => {
        const exitQuery = new URLSearchParams(result.redirectQueryParams);
        if (result.signingStatus === 'SUCCESS') {
          window.location.replace(
            directPagePath('/signed', exitUrlsFromQuery(exitQuery), codeFromLang(lang)),
          );
          return;
        }
        exitQuery.set('lang', codeFromLang(lang));
        const back = `${directSigningPath(result.signatureRequestId, result.userId)}?${exitQuery}`;
        failure(result.signingStatus, back);
      },
      () => failure('ERROR', null),
    );
  }, [t, lang]);
  return (
    <>
      <Loading text={t('mab.finishing')} />
      <OverlayHost loadingLabel={t('overlay.loading')} />
    </>
  );
}
