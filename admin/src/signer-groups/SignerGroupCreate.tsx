import { Create, SimpleForm, useTranslate } from 'react-admin';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { SignerGroupInputs } from './SignerGroupInputs.tsx';

/** The create-signer-group overlay of the spec, as a console page. */
export function SignerGroupCreate() {
  const translate = useTranslate();
  usePageTitle(translate('signer_groups.add'));
  return (
    <Create
      resource="members/signer-groups"
      title="signer_groups.add"
      redirect="list"
      mutationMode="pessimistic"
    >
      <SimpleForm noValidate>
        <SignerGroupInputs />
      </SimpleForm>
    </Create>
  );
}
