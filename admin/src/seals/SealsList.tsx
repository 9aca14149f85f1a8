import { Box, Typography } from '@mui/material';
import { CreateButton, DataTable, EditButton, List, TopToolbar, useTranslate } from 'react-admin';
import { usePageTitle } from '../layout/usePageTitle.ts';

/**
 * /business/seals: the business's seals (account name, display name, how many API users and
 * members may use each); a row opens the seal.
 */
export function SealsList() {
  const translate = useTranslate();
  usePageTitle(translate('seals.title'));
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mb: 1, maxWidth: 760 }}>
        {translate('seals.intro')}
      </Typography>
      <List
        resource="seals"
        title="seals.title"
        pagination={false}
        exporter={false}
        actions={
          <TopToolbar>
            <CreateButton label="seals.add" />
          </TopToolbar>
        }
        empty={false}
      >
        <DataTable bulkActionButtons={false} rowClick="edit">
          <DataTable.Col source="displayName" label="seals.display_name" />
          <DataTable.Col source="accountName" label="seals.account_name" />
          <DataTable.NumberCol source="amountMembers" label="seals.amount_members" />
          <DataTable.NumberCol source="amountApiKeys" label="seals.amount_api_keys" />
          <DataTable.Col>
            <EditButton />
          </DataTable.Col>
        </DataTable>
      </List>
    </Box>
  );
}
