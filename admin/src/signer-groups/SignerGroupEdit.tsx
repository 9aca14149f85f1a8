import { Edit, SimpleForm, useTranslate } from 'react-admin';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { SignerGroupInputs } from './SignerGroupInputs.tsx';

/** Rename a signer group or change its members. */
export function SignerGroupEdit() {
  const translate = useTranslate();
  usePageTitle(translate('signer_groups.edit'));
  return (
    <Edit
      resource="members/signer-groups"
      title="signer_groups.edit"
      redirect="list"
      mutationMode="pessimistic"
    >
      <SimpleForm noValidate>
        <SignerGroupInputs />
      </SimpleForm>
    </Edit>
  );
}
