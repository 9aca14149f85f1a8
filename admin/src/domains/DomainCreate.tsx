import { Create, SimpleForm, useTranslate } from 'react-admin';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { DomainInputs } from './DomainInputs.tsx';

/** Add a domain: it is then pending until its TXT record is found. */
export function DomainCreate() {
  const translate = useTranslate();
  usePageTitle(translate('domains.add'));
  return (
    <Create
      resource="members/domains"
      title="domains.add"
      redirect="list"
      mutationMode="pessimistic"
    >
      <SimpleForm noValidate>
        <DomainInputs />
      </SimpleForm>
    </Create>
  );
}
