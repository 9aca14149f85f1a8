import type { TLang } from '@signet/shared/i18n/lang.rules';
import {
  DEFAULT_QUALITY_CHOICES,
  EMAIL_NOTIFICATION_LEVELS,
  LEGISLATIONS,
  type TEmailNotificationLevel,
  type TLegislation,
  type TSignatureQuality,
  type TUserLang,
  USER_LANGS,
} from '@signet/shared/user/user.constants';
import { useEffect, useState } from 'react';
import { api, call } from '../../lib/api.ts';
import { useFormSubmit } from '../../lib/form.ts';
import { getT } from '../../lib/i18n.ts';
import { rememberLang, setUser } from '../../stores/session.ts';
import { FormAlert, SubmitButton } from './Field.tsx';
import { notify, useFreshUser } from './session.ts';

type Values = {
  lang: TUserLang;
  emailNotificationLevel: TEmailNotificationLevel;
  defaultLegislation: TLegislation | '';
  defaultQuality: TSignatureQuality | '';
};

const IDS = {
  lang: 'settings-lang',
  emailNotificationLevel: 'settings-notifications',
  defaultLegislation: 'settings-legislation',
  defaultQuality: 'settings-quality',
} as const;

/** `/profile/settings`: language, notifications and signing defaults (`PUT /v1/user`). */
export default function SettingsForm({ lang }: { lang: TLang }) {
  const t = getT(lang, 'account');
  const user = useFreshUser();
  const [values, setValues] = useState<Values | null>(null);
  const form = useFormSubmit({ t, ids: IDS, alertId: 'settings-alert' });

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

  const onSubmit = form.submit({
    done: true,
    run: async () => {
      const updated = await call(api.updateUser, {
        body: {
          attributes: {
            lang: values.lang,
            emailNotificationLevel: values.emailNotificationLevel,
            defaultLegislation: values.defaultLegislation || null,
            defaultQuality: values.defaultQuality || null,
          },
        },
      });
      setUser(updated);
      if (updated.attributes.lang !== user.attributes.lang) {
        // The page text is rendered in the old language: reload in the new one.
        rememberLang(updated.attributes.lang);
        window.location.reload();
        return;
      }
      notify(t('settings.saved'), 'success');
    },
  });

  // A default set elsewhere (e.g. AES_MINIMAL) stays selectable so saving keeps it.
  const own = user.attributes.defaultQuality;
  const qualities: readonly TSignatureQuality[] =
    own && !(DEFAULT_QUALITY_CHOICES as readonly string[]).includes(own)
      ? [...DEFAULT_QUALITY_CHOICES, own]
      : DEFAULT_QUALITY_CHOICES;

  return (
    <form className="acc-form" noValidate onSubmit={onSubmit} aria-labelledby="page-heading">
      <FormAlert id="settings-alert" message={form.alert} />
      <Select
        id={IDS.lang}
        label={t('field.language')}
        value={values.lang}
        onValue={set('lang')}
        options={USER_LANGS.map((code) => [code, t(`lang.${code}`)])}
      />
      <Select
        id={IDS.emailNotificationLevel}
        label={t('settings.notifications')}
        value={values.emailNotificationLevel}
        onValue={set('emailNotificationLevel')}
        options={EMAIL_NOTIFICATION_LEVELS.map((level) => [level, t(`notify.${level}`)])}
      />
      <Select
        id={IDS.defaultLegislation}
        label={t('settings.legislation')}
        value={values.defaultLegislation}
        onValue={set('defaultLegislation')}
        options={[
          ['', t('profile.notSet')],
          ...LEGISLATIONS.map((l): [string, string] => [l, t(`legislation.${l}`)]),
        ]}
      />
      <Select
        id={IDS.defaultQuality}
        label={t('settings.quality')}
        value={values.defaultQuality}
        onValue={set('defaultQuality')}
        options={[
          ['', t('profile.notSet')],
          ...qualities.map((q): [string, string] => [q, t(`quality.${q}`)]),
        ]}
      />
      <SubmitButton busy={form.busy} label={t('settings.save')} t={t} />
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
