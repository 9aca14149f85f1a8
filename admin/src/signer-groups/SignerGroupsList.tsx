import { Box, Typography } from '@mui/material';
import {
  CreateButton,
  DataTable,
  DeleteWithConfirmButton,
  EditButton,
  List,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { usePageTitle } from '../layout/usePageTitle.ts';
import type { TSignerGroupRecord } from './signer-groups.data.ts';

/**
 * /business/members/signer-groups: groups of signers a member adds to a request in one step; the
 * delete-signer-group dialog asks before a group goes. How many groups and members a group may
 * have comes with the plan.
 */
export function SignerGroupsList() {
  const translate = useTranslate();
  usePageTitle(translate('signer_groups.title'));
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mb: 1, maxWidth: 760 }}>
        {translate('signer_groups.intro')}
      </Typography>
      <List
        resource="members/signer-groups"
        title="signer_groups.title"
        pagination={false}
        exporter={false}
        actions={
          <TopToolbar>
            <CreateButton label="signer_groups.add" />
          </TopToolbar>
        }
        empty={false}
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="name" label="signer_groups.name" />
          <DataTable.Col
            source="members"
            label="signer_groups.members"
            render={(r: TSignerGroupRecord) => (r.members ?? []).join(', ')}
          />
          <DataTable.Col>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <EditButton />
              <DeleteWithConfirmButton
                mutationMode="pessimistic"
                redirect={false}
                confirmTitle="signer_groups.delete_title"
                confirmContent="signer_groups.delete_content"
              />
            </Box>
          </DataTable.Col>
        </DataTable>
      </List>
    </Box>
  );
}
