import { Box, Chip, Typography } from '@mui/material';
import { DOMAIN_TXT } from '@signet/shared/business/business.constants';
import {
  Button,
  CreateButton,
  DataTable,
  DateField,
  DeleteButton,
  List,
  TopToolbar,
  useNotify,
  useRecordContext,
  useTranslate,
  useUpdate,
} from 'react-admin';
import { usePageTitle } from '../layout/usePageTitle.ts';
import type { TDomainRecord } from './domains.data.ts';

const STATUS_COLOUR = { pending: 'warning', verified: 'success', failed: 'error' } as const;

function Status() {
  const record = useRecordContext<TDomainRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={STATUS_COLOUR[record.status]}
      label={translate(`domains.status_${record.status}`)}
    />
  );
}

/** The TXT record to publish, in a form that copies cleanly. */
function Record() {
  const record = useRecordContext<TDomainRecord>();
  const translate = useTranslate();
  if (!record || record.status === 'verified') return null;
  return (
    <Box sx={{ fontSize: 13, overflowWrap: 'anywhere' }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate('domains.record_name')}
      </Typography>
      <code>{record.record.name}</code>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
        {translate('domains.record_value')}
      </Typography>
      <code>{record.record.value}</code>
    </Box>
  );
}

/** "Check now": the server looks for the TXT record again (a failed domain gets a new window). */
function CheckNow() {
  const record = useRecordContext<TDomainRecord>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate();
  if (!record || record.status === 'verified') return null;
  return (
    <Button
      label="domains.check"
      disabled={isPending}
      onClick={() =>
        update(
          'members/domains',
          { id: record.id, data: {}, previousData: record },
          {
            mutationMode: 'pessimistic',
            onSuccess: (saved: TDomainRecord) =>
              notify(`domains.checked_${saved.status}`, {
                type: saved.status === 'verified' ? 'success' : 'info',
              }),
          },
        )
      }
    />
  );
}

/**
 * /business/members/domains: the business's domains and their verification by a DNS TXT record
 * (spec section 2). People who sign up with an address of a verified domain are offered to join.
 */
export function DomainsList() {
  const translate = useTranslate();
  usePageTitle(translate('domains.title'));
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2, mb: 1, maxWidth: 760 }}>
        {translate('domains.intro', { label: DOMAIN_TXT.label })}
      </Typography>
      <List
        resource="members/domains"
        title="domains.title"
        pagination={false}
        exporter={false}
        actions={
          <TopToolbar>
            <CreateButton label="domains.add" />
          </TopToolbar>
        }
        empty={false}
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="domain" label="domains.domain" />
          <DataTable.Col source="status" label="domains.status">
            <Status />
          </DataTable.Col>
          <DataTable.Col label="domains.record">
            <Record />
          </DataTable.Col>
          <DataTable.Col source="checkedAt" label="domains.checked_at" field={DateField} />
          <DataTable.Col>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <CheckNow />
              <DeleteButton mutationMode="pessimistic" redirect={false} />
            </Box>
          </DataTable.Col>
        </DataTable>
      </List>
    </Box>
  );
}
