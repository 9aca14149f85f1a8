import { Box, Link, Typography } from '@mui/material';
import { PUBLIC_API_PATHS } from '@signet/shared/api-user/api-user.constants';
import { useState } from 'react';
import {
  Button,
  Confirm,
  CreateButton,
  DataTable,
  DateField,
  DeleteWithConfirmButton,
  List,
  TopToolbar,
  useRecordContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { ApiKeyDialog } from './ApiKeyDialog.tsx';
import type { TApiUserRecord } from './api-users.data.ts';
import { CurlExample } from './CurlExample.tsx';

/** "Reset key" after a confirmation: the old key stops at once, the new one is shown once. */
function ResetKey(props: { onReset: (user: TApiUserRecord) => void }) {
  const record = useRecordContext<TApiUserRecord>();
  const [open, setOpen] = useState(false);
  const [update, { isPending }] = useUpdate();
  if (!record) return null;
  return (
    <>
      <Button label="api_users.reset" disabled={isPending} onClick={() => setOpen(true)} />
      <Confirm
        isOpen={open}
        title="api_users.reset_title"
        content="api_users.reset_content"
        onClose={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          update(
            'developers/api',
            { id: record.id, data: { reset: true }, previousData: record },
            {
              mutationMode: 'pessimistic',
              onSuccess: (saved: TApiUserRecord) => props.onReset(saved),
            },
          );
        }}
      />
    </>
  );
}

/**
 * /business/developers/api: the API reference, the business's API users (name, username, last
 * use), creating one (its key shown once), resetting a key and deleting a user, and a curl call
 * that works against this server.
 */
export function ApiUsersList() {
  const translate = useTranslate();
  const [shown, setShown] = useState<TApiUserRecord | null>(null);
  usePageTitle(translate('api_users.title'));
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mb: 1, maxWidth: 760 }}>
        {translate('api_users.intro')}{' '}
        <Link href={PUBLIC_API_PATHS.reference} target="_blank" rel="noopener">
          {translate('api_users.reference')}
        </Link>
      </Typography>
      <List
        resource="developers/api"
        title="api_users.title"
        pagination={false}
        exporter={false}
        actions={
          <TopToolbar>
            <CreateButton label="api_users.add" />
          </TopToolbar>
        }
        empty={false}
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="name" label="api_users.name" />
          <DataTable.Col source="username" label="api_users.username" />
          <DataTable.Col source="createdAt" label="api_users.created_at" field={DateField} />
          <DataTable.Col source="lastUsedAt" label="api_users.last_used_at">
            <DateField source="lastUsedAt" showTime emptyText="api_users.never_used" />
          </DataTable.Col>
          <DataTable.Col>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <ResetKey onReset={setShown} />
              <DeleteWithConfirmButton
                mutationMode="pessimistic"
                redirect={false}
                confirmTitle="api_users.delete_title"
                confirmContent="api_users.delete_content"
              />
            </Box>
          </DataTable.Col>
        </DataTable>
      </List>
      <Box sx={{ maxWidth: 760 }}>
        <CurlExample />
      </Box>
      <ApiKeyDialog
        user={shown?.apiKey ? { username: shown.username, apiKey: shown.apiKey } : null}
        onClose={() => setShown(null)}
      />
    </Box>
  );
}
