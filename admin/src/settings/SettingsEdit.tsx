import { Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { SingleRecordEdit } from '../layout/SingleRecordEdit.tsx';
import { useConsoleSession } from '../session.ts';
import { SettingsInputs } from './SettingsInputs.tsx';
import { SettingsLogo } from './SettingsLogo.tsx';
import type { TSettingsRecord } from './settings.data.ts';

/** What the plan decides, shown read-only. */
function PlanLimits() {
  const record = useRecordContext<TSettingsRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
      {translate('settings.signer_groups', {
        groups: record.signerGroups.maxGroups,
        participants: record.signerGroups.maxParticipants,
      })}
    </Typography>
  );
}

/** /business/settings: the business's settings object (spec section 3), edited in place. */
export function SettingsEdit() {
  const { data: session } = useConsoleSession();
  const id = session?.business?.id;
  return (
    <SingleRecordEdit
      resource="settings"
      title="settings.title"
      saved="settings.saved"
      after={id ? <SettingsLogo businessId={id} /> : null}
    >
      <SettingsInputs />
      <PlanLimits />
    </SingleRecordEdit>
  );
}
