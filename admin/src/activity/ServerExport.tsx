import DownloadIcon from '@mui/icons-material/Download';
import { Button, Menu, MenuItem } from '@mui/material';
import type { TSignatureExportGroup } from '@signet/shared/activity/activity.constants';
import { activityPeriod } from '@signet/shared/activity/activity.rules';
import { exportFileName } from '@signet/shared/business/business.rules';
import { useState } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { useNotifyRefusal } from '../layout/refusal.ts';
import { api, saveFile } from '../providers/client.ts';
import { currentBusinessId } from '../session.ts';
import type { TPeriodFilter } from './activity.data.ts';

/**
 * The server's CSV reports of the period the list shows (spec sections 7 and 9): signatures one
 * per row, per member or per cost centre; identifications one per row.
 */
export function ServerExport({ kind }: { kind: 'signatures' | 'identifications' }) {
  const translate = useTranslate();
  const refused = useNotifyRefusal();
  const { filterValues } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const period = filterValues as TPeriodFilter;
  const query = {
    ...(period.start_date ? { start_date: period.start_date } : {}),
    ...(period.end_date ? { end_date: period.end_date } : {}),
  };
  const download = async (groupBy?: TSignatureExportGroup) => {
    setAnchor(null);
    try {
      const params = { id: await currentBusinessId() };
      const fallback = exportFileName(kind, activityPeriod(query), groupBy);
      if (kind === 'identifications') {
        await saveFile(api.exportIdentificationActivities, { params, query }, fallback);
      } else {
        await saveFile(
          api.exportSignatureActivities,
          { params, query: { ...query, ...(groupBy ? { group_by: groupBy } : {}) } },
          fallback,
        );
      }
    } catch (error) {
      refused(error);
    }
  };
  if (kind === 'identifications') {
    return (
      <Button size="small" startIcon={<DownloadIcon />} onClick={() => void download()}>
        {translate('activity.report')}
      </Button>
    );
  }
  return (
    <>
      <Button size="small" startIcon={<DownloadIcon />} onClick={(e) => setAnchor(e.currentTarget)}>
        {translate('activity.report')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void download()}>
          {translate('activity.report_signatures')}
        </MenuItem>
        <MenuItem onClick={() => void download('member')}>
          {translate('activity.report_members')}
        </MenuItem>
        <MenuItem onClick={() => void download('cost_centre')}>
          {translate('activity.report_cost_centres')}
        </MenuItem>
      </Menu>
    </>
  );
}
