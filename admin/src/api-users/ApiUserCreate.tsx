import { useState } from 'react';
import { Create, SimpleForm, useRedirect, useTranslate } from 'react-admin';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { ApiKeyDialog } from './ApiKeyDialog.tsx';
import { ApiUserInputs } from './ApiUserInputs.tsx';
import type { TApiUserRecord } from './api-users.data.ts';

/** Create an API user; its key is shown once, then the list. */
export function ApiUserCreate() {
  const translate = useTranslate();
  const redirect = useRedirect();
  const [created, setCreated] = useState<TApiUserRecord | null>(null);
  usePageTitle(translate('api_users.add'));
  return (
    <>
      <Create
        resource="developers/api"
        title="api_users.add"
        redirect={false}
        mutationMode="pessimistic"
        mutationOptions={{ onSuccess: (saved: TApiUserRecord) => setCreated(saved) }}
      >
        <SimpleForm noValidate>
          <ApiUserInputs />
        </SimpleForm>
      </Create>
      <ApiKeyDialog
        user={created?.apiKey ? { username: created.username, apiKey: created.apiKey } : null}
        onClose={() => {
          setCreated(null);
          redirect('list', 'developers/api');
        }}
      />
    </>
  );
}
