import { Create, SimpleForm, useTranslate } from 'react-admin';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { SealInputs } from './SealInputs.tsx';

/** Create a seal: its key pair and certificate are issued when it is saved. */
export function SealCreate() {
  const translate = useTranslate();
  usePageTitle(translate('seals.add'));
  return (
    <Create resource="seals" title="seals.add" redirect="edit" mutationMode="pessimistic">
      <SimpleForm noValidate defaultValues={{ memberIds: [], apiUsers: [], quality: 'seal.aes' }}>
        <SealInputs creating />
      </SimpleForm>
    </Create>
  );
}
