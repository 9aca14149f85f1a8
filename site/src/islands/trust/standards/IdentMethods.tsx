import type { TLang } from '@signet/shared/i18n/lang.rules';
import { IDENT_METHODS_BY_LEGISLATION } from '@signet/shared/identification/identification.constants';
import { openConnectAustrianIdDialog } from '../../../dialogs/general/connect-austrian-id.tsx';
import { getT } from '../../../lib/i18n.ts';
import { STANDARDS_PATH } from '../ident.ts';

/** The page of each method a legislation offers (spec section 9), where there is one. */
const METHOD_PAGES: Record<string, string> = { video: 'video', self: 'self', auto: 'auto' };

/**
 * `/profile/signature-standards/eidas` and `/zertes`: how one can prove one's identity for QES
 * under that legislation (spec section 9's methods, where the documents are covered).
 */
export default function IdentMethods({
  lang,
  legislation,
}: {
  lang: TLang;
  legislation: 'eidas' | 'zertes';
}) {
  const t = getT(lang, 'trust');
  const methods = IDENT_METHODS_BY_LEGISLATION[legislation].coverage;
  return (
    <ul className="tr-methods">
      {methods.map((m) => (
        <li key={m} className="tr-card">
          <h2>{t(`method.${m}.title`)}</h2>
          <p>{t(`method.${m}.body`)}</p>
          {METHOD_PAGES[m] ? (
            <a
              className="btn btn--primary"
              href={`${STANDARDS_PATH}/${legislation}/${METHOD_PAGES[m]}`}
            >
              {t('method.choose')}
            </a>
          ) : m === 'id-austria' ? (
            <button
              type="button"
              className="btn btn--secondary"
              onClick={() => openConnectAustrianIdDialog(t)}
            >
              {t('method.choose')}
            </button>
          ) : (
            <p className="tr-muted">{t('method.notInTestSystem')}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
