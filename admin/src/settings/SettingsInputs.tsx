import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import {
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Button as MuiButton,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { BooleanInput, Confirm, NumberInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ mt: 3, width: '100%' }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 650 }}>
        {translate(title)}
      </Typography>
      {hint ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(hint)}
        </Typography>
      ) : null}
      {children}
    </Box>
  );
}

/**
 * Retention with the "activate / deactivate auto-deletion" dialogs (spec: general dialogs): the
 * switch changes only after the admin confirmed what it means.
 */
function Retention() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const enabled = useWatch({ name: 'signatureRequests.retention.enabled' }) as boolean;
  const days = useWatch({ name: 'signatureRequests.retention.terminalState' }) as number;
  const [asking, setAsking] = useState<'activate' | 'deactivate' | null>(null);
  return (
    <>
      <BooleanInput
        source="signatureRequests.retention.enabled"
        label="settings.retention_enabled"
        helperText={false}
        onChange={(event: { target: { checked: boolean } }) => {
          // Back as it was until the dialog is answered.
          setValue('signatureRequests.retention.enabled', !event.target.checked);
          setAsking(event.target.checked ? 'activate' : 'deactivate');
        }}
      />
      <NumberInput
        source="signatureRequests.retention.terminalState"
        label="settings.retention_days"
        helperText="settings.retention_days_hint"
        disabled={!enabled}
        min={1}
      />
      <Confirm
        isOpen={asking !== null}
        title={`settings.${asking ?? 'activate'}_title`}
        content={translate(`settings.${asking ?? 'activate'}_body`, { days })}
        confirm={`settings.${asking ?? 'activate'}_confirm`}
        onConfirm={() => {
          setValue('signatureRequests.retention.enabled', asking === 'activate', {
            shouldDirty: true,
          });
          setAsking(null);
        }}
        onClose={() => setAsking(null)}
      />
    </>
  );
}

/** Part 11 mode with its info dialog (spec: general dialogs, "Part 11 info"). */
function Part11() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <BooleanInput
        source="signatureRequests.part11.enabled"
        label="settings.part11_enabled"
        helperText={false}
      />
      <IconButton
        aria-label={translate('settings.part11_info')}
        onClick={() => setOpen(true)}
        size="small"
      >
        <InfoOutlinedIcon fontSize="small" />
      </IconButton>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="sm" fullWidth>
        <DialogTitle>{translate('settings.part11_info_title')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ whiteSpace: 'pre-line' }}>
            {translate('settings.part11_info_body')}
          </Typography>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setOpen(false)}>{translate('ra.action.close')}</MuiButton>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** A mail attachment switch; the plan may fix it (`customisable: false`). */
function Attachment({ name }: { name: 'signedDocument' | 'signatureProtocol' }) {
  const customisable = useWatch({
    name: `mailService.attachments.${name}.customisable`,
  }) as boolean;
  return (
    <BooleanInput
      source={`mailService.attachments.${name}.enabled`}
      label={`settings.attach_${name}`}
      disabled={!customisable}
      helperText={customisable ? false : 'settings.attach_fixed'}
    />
  );
}

/**
 * The settings an admin may change (the server's rules decide what is valid; a refusal lands on
 * its field). The logo is uploaded beside the form (SettingsLogo); the support contact is edited
 * on the business profile.
 */
export function SettingsInputs() {
  return (
    <>
      <Section title="settings.retention" hint="settings.retention_hint">
        <Retention />
      </Section>
      <Section title="settings.part11" hint="settings.part11_hint">
        <Part11 />
      </Section>
      <Section title="settings.attachments" hint="settings.attachments_hint">
        <Attachment name="signedDocument" />
        <Attachment name="signatureProtocol" />
      </Section>
      <Section title="settings.more">
        <BooleanInput
          source="mabSettings.directSign.enabled"
          label="settings.direct_sign"
          helperText="settings.direct_sign_hint"
        />
        <BooleanInput source="userPilot.enabled" label="settings.user_pilot" helperText={false} />
      </Section>
    </>
  );
}
