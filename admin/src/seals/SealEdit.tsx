import { Edit, SimpleForm, useTranslate } from 'react-admin';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { SealImage } from './SealImage.tsx';
import { SealInputs } from './SealInputs.tsx';

/** /business/seals/{accountname}: its certificate, name, members, API-user grants and image. */
export function SealEdit() {
  const translate = useTranslate();
  usePageTitle(translate('seals.edit'));
  return (
    <Edit resource="seals" title="seals.edit" redirect="list" mutationMode="pessimistic">
      <SimpleForm noValidate>
        <SealInputs />
        <SealImage />
      </SimpleForm>
    </Edit>
  );
}
