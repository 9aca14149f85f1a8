import type { TEidData } from '@signet/shared/identification/identification.schema';
import type { TUser } from '@signet/shared/user/user.schema';
import { isBlank } from '@signet/shared/validation/validation.rules';
import { useId, useState } from 'react';
import type { TFunction } from '../../lib/i18n.ts';
import { openDialog, runDialogAction } from '../../stores/modals.ts';

/** Spec name of the dialog (spec section 2, dialogs: document). */
export const SUPPLY_EID_DATA_DIALOG = 'document/supply-e-id-data';

/** Whose data: an account, or a direct signer (names as the sender gave them, none fixed). */
export type TEidPerson = Pick<TUser, 'firstName' | 'lastName'> & {
  attributes: Pick<TUser['attributes'], 'immutableEidFields'>;
};

type Values = { givenName: string; surname: string; birthDate: string; nationality: string };

/**
 * "Supply e-ID data": the names as on the identity document, the birth date and the nationality,
 * which the identification then verifies (they become the name in the person's certificates).
 * Names the account already has are prefilled; names an identification verified are fixed.
 */
export function openSupplyEidDataDialog(
  t: TFunction,
  user: TEidPerson,
  onData: (data: TEidData) => void,
): void {
  const values: Values = {
    givenName: user.firstName,
    surname: user.lastName,
    birthDate: '',
    nationality: '',
  };
  openDialog({
    name: SUPPLY_EID_DATA_DIALOG,
    title: t('eid.title'),
    content: <EidBody t={t} values={values} fixed={user.attributes.immutableEidFields} />,
    actions: [
      { id: 'cancel', label: t('dialog.cancel'), variant: 'text' },
      {
        id: 'continue',
        label: t('eid.continue'),
        variant: 'primary',
        handler: () => {
          const missing = (Object.keys(values) as (keyof Values)[]).find((k) => isBlank(values[k]));
          if (missing) throw new Error(t('eid.missing', { field: t(`eid.${missing}`) }));
          if (!/^[A-Za-z]{2}$/.test(values.nationality.trim()))
            throw new Error(t('eid.nationalityFormat'));
          onData({
            givenName: values.givenName.trim(),
            surname: values.surname.trim(),
            birthDate: values.birthDate,
            nationality: values.nationality.trim().toUpperCase(),
          });
        },
      },
    ],
  });
}

function EidBody({ t, values, fixed }: { t: TFunction; values: Values; fixed: readonly string[] }) {
  const id = useId();
  const [, render] = useState(0);
  const field = (key: keyof Values, type = 'text', locked = false, autoComplete?: string) => (
    <div className="acc-field">
      <label htmlFor={`${id}-${key}`}>{t(`eid.${key}`)}</label>
      <input
        id={`${id}-${key}`}
        type={type}
        value={values[key]}
        readOnly={locked}
        {...(autoComplete ? { autoComplete } : {})}
        {...(key === 'nationality' ? { maxLength: 2, placeholder: 'CH' } : {})}
        onChange={(e) => {
          values[key] = e.currentTarget.value;
          render((n) => n + 1);
        }}
      />
    </div>
  );
  return (
    <form
      className="acc-form acc-form--dialog"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void runDialogAction('continue');
      }}
    >
      <p>{t('eid.body')}</p>
      {field('givenName', 'text', fixed.includes('firstName'), 'given-name')}
      {field('surname', 'text', fixed.includes('lastName'), 'family-name')}
      {field('birthDate', 'date', false, 'bday')}
      {field('nationality', 'text', false, 'country')}
    </form>
  );
}
