import { Box, Tab, Tabs } from '@mui/material';
import type { TActivityKind } from '@signet/shared/activity/activity.constants';
import { type ReactNode, useState } from 'react';
import {
  DataTable,
  DateField,
  DateInput,
  ExportButton,
  List,
  TopToolbar,
  useRequireAccess,
  useTranslate,
} from 'react-admin';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { csvExporter } from './csv-exporter.ts';
import { ServerExport } from './ServerExport.tsx';

const periodFilters = [
  <DateInput key="start" source="start_date" label="activity.start" alwaysOn />,
  <DateInput key="end" source="end_date" label="activity.end" alwaysOn />,
];

const COLUMNS: Record<TActivityKind, string[]> = {
  accounts: ['at', 'type', 'actorEmail', 'subject'],
  signatures: [
    'signedAt',
    'title',
    'signerEmail',
    'memberEmail',
    'memberName',
    'costCentre',
    'quality',
  ],
  identifications: ['identifiedAt', 'email', 'name', 'kind', 'method', 'provider', 'legislation'],
};

function ActivityList({ kind, children }: { kind: TActivityKind; children: ReactNode }) {
  return (
    <List
      resource={`activity-${kind}`}
      title="activity.title"
      filters={periodFilters}
      perPage={25}
      sort={{ field: COLUMNS[kind][0] as string, order: 'DESC' }}
      exporter={csvExporter(`${kind}.csv`, COLUMNS[kind])}
      disableSyncWithLocation
      empty={false}
      actions={
        <TopToolbar>
          <ExportButton label="activity.export_list" />
          {kind === 'accounts' ? null : <ServerExport kind={kind} />}
        </TopToolbar>
      }
    >
      {children}
    </List>
  );
}

/**
 * /business/activity: the three lists of spec section 7 (accounts, signatures, identifications),
 * each paged, sorted and filtered by period on the server, with the server's CSV reports and an
 * export of what the list shows.
 */
/**
 * What an API call or a callback attempt did, in one line: `GET /v3/… → 200`, or the callback's
 * kind, URL and answer (its status or the error).
 */
function accountDetails(data: Record<string, unknown> | undefined): string {
  if (!data) return '';
  if (typeof data.method === 'string') return `${data.method} ${data.path} → ${data.status}`;
  if (typeof data.url === 'string') {
    return `${data.kind} ${data.url} → ${data.status ?? data.error ?? ''}`;
  }
  return '';
}

export function ActivityPage() {
  const translate = useTranslate();
  const access = useRequireAccess({ resource: 'activity', action: 'list' });
  const [tab, setTab] = useState<TActivityKind>('signatures');
  usePageTitle(translate('activity.title'));
  if (access.isPending) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Tabs
        value={tab}
        onChange={(_, value: TActivityKind) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        <Tab value="signatures" label={translate('activity.signatures')} />
        <Tab value="identifications" label={translate('activity.identifications')} />
        <Tab value="accounts" label={translate('activity.accounts')} />
      </Tabs>
      {tab === 'signatures' ? (
        <ActivityList kind="signatures">
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.Col source="signedAt" label="activity.signed_at" field={DateField} />
            <DataTable.Col source="title" label="activity.request" />
            <DataTable.Col source="signerEmail" label="activity.signer" />
            <DataTable.Col source="memberEmail" label="activity.member" />
            <DataTable.Col source="costCentre" label="members.cost_centre" />
            <DataTable.Col source="quality" label="activity.quality" />
          </DataTable>
        </ActivityList>
      ) : null}
      {tab === 'identifications' ? (
        <ActivityList kind="identifications">
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.Col source="identifiedAt" label="activity.identified_at" field={DateField} />
            <DataTable.Col source="email" label="activity.person" />
            <DataTable.Col source="method" label="activity.method" />
            <DataTable.Col source="provider" label="activity.provider" />
          </DataTable>
        </ActivityList>
      ) : null}
      {tab === 'accounts' ? (
        <ActivityList kind="accounts">
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.Col source="at" label="activity.at" field={DateField} />
            <DataTable.Col
              source="type"
              label="activity.what"
              render={(r: { type: string }) => translate(`activity.type_${r.type}`)}
            />
            <DataTable.Col source="actorEmail" label="activity.who" />
            <DataTable.Col source="subject" label="activity.subject" disableSort />
            <DataTable.Col
              source="data"
              label="activity.details"
              disableSort
              render={(r: { data?: Record<string, unknown> }) => accountDetails(r.data)}
            />
          </DataTable>
        </ActivityList>
      ) : null}
    </Box>
  );
}
