import type { TSignatureQuality } from '@signet/shared/user/user.schema';
import { type FormEvent, useEffect, useState } from 'react';
import { getT } from '../../lib/i18n.ts';
import type { Lang } from '../../lib/lang.ts';
import { errorText, updateUser } from './api.ts';
import {
  DEFAULT_QUALITIES,
  LEGISLATIONS,
  NOTIFICATION_LEVELS,
  type TUserLang,
  USER_LANGS,
} from './constants.ts';
import { FormAlert, SubmitButton } from './Field.tsx';
import { focusField } from './form.ts';
import { applyLanguage, notify, storeUser, useFreshUser } from './session.ts';

type Values = {
  lang: TUserLang;
  emailNotificationLevel: (typeof NOTIFICATION_LEVELS)[number];
  defaultLegislation: string;
  defaultQuality: string;
};

/** `/profile/settings`: language, notifications and signing defaults (`PUT /v1/user`). */
export default function SettingsForm({ lang }: { lang: Lang }) {
  const t = getT(lang, 'account');
  const user = useFreshUser();
  const [values, setValues] = useState<Values | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!user || values) return;
    const a = user.attributes;
    setValues({
      lang: a.lang,
      emailNotificationLevel: a.emailNotificationLevel,
      defaultLegislation: a.defaultLegislation ?? '',
      defaultQuality: a.defaultQuality ?? '',
    });
  }, [user, values]);

  if (!user || !values) {
    return (
      <p className="acc-status" role="status">
        {t('profile.loading')}
      </p>
    );
  }

  const set = (key: keyof Values) => (value: string) =>
    setValues((v) => (v ? ({ ...v, [key]: value } as Values) : v));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !values || !user) return;
    setBusy(true);
    setAlert(null);
    try {
      const updated = await updateUser({
        attributes: {
          lang: values.lang,
          emailNotificationLevel: values.emailNotificationLevel,
          defaultLegislation: (values.defaultLegislation || null) as 'EIDAS' | 'ZERTES' | null,
          defaultQuality: (values.defaultQuality || null) as TSignatureQuality | null,
        },
      });
      storeUser(updated);
      if (updated.attributes.lang !== user.attributes.lang) {
        // The page text is rendered in the old language: reload in the new one.
        applyLanguage(updated.attributes.lang);
        window.location.reload();
        return;
      }
      setBusy(false);
      notify(t('settings.saved'), 'success');
    } catch (err) {
      setBusy(false);
      setAlert(errorText(t, err));
      focusField('settings-alert');
    }
  }

  return (
    <form className="acc-form" noValidate onSubmit={onSubmit} aria-labelledby="page-heading">
      <FormAlert id="settings-alert" message={alert} />
      <Select
        id="settings-lang"
        label={t('field.language')}
        value={values.lang}
        onValue={set('lang')}
        options={USER_LANGS.map((code) => [code, t(`lang.${code}`)])}
      />
      <Select
        id="settings-notifications"
        label={t('settings.notifications')}
        value={values.emailNotificationLevel}
        onValue={set('emailNotificationLevel')}
        options={NOTIFICATION_LEVELS.map((level) => [level, t(`notify.${level}`)])}
      />
      <Select
        id="settings-legislation"
        label={t('settings.legislation')}
        value={values.defaultLegislation}
        onValue={set('defaultLegislation')}
        options={[
          ['', t('profile.notSet')],
          ...LEGISLATIONS.map((l): [string, string] => [l, t(`legislation.${l}`)]),
        ]}
      />
      <Select
        id="settings-quality"
        label={t('settings.quality')}
        value={values.defaultQuality}
        onValue={set('defaultQuality')}
        options={[
          ['', t('profile.notSet')],
          // A default set elsewhere (e.g. AES_MINIMAL) stays selectable so saving keeps it.
          ...[
            ...DEFAULT_QUALITIES,
            ...(user.attributes.defaultQuality &&
            !(DEFAULT_QUALITIES as readonly string[]).includes(user.attributes.defaultQuality)
              ? [user.attributes.defaultQuality]
              : []),
          ].map((q): [string, string] => [q, t(`quality.${q}`)]),
        ]}
      />
      <SubmitButton busy={busy} label={t('settings.save')} t={t} />
    </form>
  );
}

function Select({
  id,
  label,
  value,
  onValue,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <div className="acc-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={id} value={value} onChange={(e) => onValue(e.currentTarget.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
