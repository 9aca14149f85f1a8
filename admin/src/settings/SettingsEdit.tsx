import { Box, Typography } from '@mui/material';
import {
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  useRecordContext,
  useRequireAccess,
  useTranslate,
} from 'react-admin';
import { usePageTitle } from '../layout/usePageTitle.ts';
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
  const translate = useTranslate();
  const notify = useNotify();
  const access = useRequireAccess({ resource: 'settings', action: 'list' });
  const { data: session } = useConsoleSession();
  usePageTitle(translate('settings.title'));
  const id = session?.business?.id;
  if (access.isPending || !id) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2, maxWidth: 760 }}>
      <Edit
        resource="settings"
        id={id}
        redirect={false}
        mutationMode="pessimistic"
        title="settings.title"
        actions={false}
        mutationOptions={{ onSuccess: () => notify('settings.saved', { type: 'success' }) }}
      >
        <SimpleForm
          noValidate
          toolbar={
            <Toolbar>
              <SaveButton />
            </Toolbar>
          }
        >
          <SettingsInputs />
          <PlanLimits />
        </SimpleForm>
      </Edit>
      <SettingsLogo businessId={id} />
    </Box>
  );
}
