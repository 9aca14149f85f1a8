import { ApiError } from '@signet/shared/api/browser';
import type { TLang } from '@signet/shared/i18n/lang.rules';
import { availableQuality } from '@signet/shared/signing/signing-quality.rules';
import {
  LEGISLATIONS,
  type TLegislation,
  type TSignatureQuality,
} from '@signet/shared/user/user.constants';
import { useEffect, useState } from 'react';
import { api, call } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { getT } from '../../../lib/i18n.ts';
import { setUser } from '../../../stores/session.ts';
import { notify, useFreshUser } from '../../account/session.ts';
import { STANDARDS_PATH } from '../ident.ts';

const QUALITIES: TSignatureQuality[] = ['SES', 'AES_MINIMAL', 'AES', 'QES'];

/**
 * `/profile/signature-standards/update` (the default standard: among those the person has
 * proven) and `/legislation` (the default legislation): saved as user attributes (`PUT /v1/user`).
 */
export default function StandardsChoice({
  lang,
  what,
}: {
  lang: TLang;
  what: 'update' | 'legislation';
}) {
  const t = getT(lang, 'trust');
  const user = useFreshUser();
  const [value, setValue] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!user) return;
    const a = user.attributes;
    setValue(what === 'update' ? (a.defaultQuality ?? 'SES') : (a.defaultLegislation ?? ''));
  }, [user, what]);
  if (!user) return <p role="status">{t('standards.loading')}</p>;

  const legislation: TLegislation = user.attributes.defaultLegislation ?? 'ZERTES';
  const options =
    what === 'update'
      ? QUALITIES.filter((q) => availableQuality(user.signatureQualities, q, legislation)).map(
          (q) => ({
            value: q,
            label: t(`choice.quality.${q}`),
          }),
        )
      : LEGISLATIONS.map((l) => ({ value: l, label: t(`choice.legislation.${l}`) }));

  const save = async () => {
    setError(null);
    try {
      const updated = await call(api.updateUser, {
        body: {
          attributes:
            what === 'update'
              ? { defaultQuality: value as TSignatureQuality }
              : { defaultLegislation: value as TLegislation },
        },
      });
      setUser(updated);
      notify(t('choice.saved'), 'success', true);
      window.location.assign(STANDARDS_PATH);
    } catch (e) {
      setError(errorMessage(t, ApiError.of(e)));
    }
  };

  return (
    <form
      className="tr-stack"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <fieldset className="tr-choices">
        <legend>{t(`choice.${what}.legend`)}</legend>
        {options.map((o) => (
          <label key={o.value} className="tr-choice">
            <input
              type="radio"
              name={what}
              value={o.value}
              checked={value === o.value}
              onChange={() => setValue(o.value)}
            />
            {o.label}
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="tr-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={!value}>
        {t('choice.save')}
      </button>
    </form>
  );
}
