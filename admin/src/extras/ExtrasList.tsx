import { Chip } from '@mui/material';
import type { TCustomExtra } from '@signet/shared/business/business.schema';
import { DataTable, List, useRecordContext, useTranslate } from 'react-admin';
import { usePageTitle } from '../layout/usePageTitle.ts';

function State() {
  const record = useRecordContext<TCustomExtra>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={record.enabled ? 'success' : 'default'}
      label={translate(record.enabled ? 'extras.on' : 'extras.off')}
    />
  );
}

/** /business/extras: what the business has beyond its plan's basics. */
export function ExtrasList() {
  const translate = useTranslate();
  usePageTitle(translate('extras.title'));
  return (
    <List
      resource="extras"
      title="extras.title"
      pagination={false}
      exporter={false}
      actions={false}
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col
          label="extras.name"
          render={(r: TCustomExtra) => translate(`extras.key_${r.key}`)}
        />
        <DataTable.Col label="extras.state">
          <State />
        </DataTable.Col>
        <DataTable.Col
          label="extras.limit"
          render={(r: TCustomExtra) => (r.limit === null ? '–' : String(r.limit))}
        />
      </DataTable>
    </List>
  );
}
