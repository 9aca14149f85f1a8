import UploadIcon from '@mui/icons-material/Upload';
import { Box, Button, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { LOGO_LIMITS } from '@signet/shared/business/business.constants';
import { useRef, useState } from 'react';
import { useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { useNotifyRefusal } from '../layout/refusal.ts';
import { api, upload } from '../providers/client.ts';
import { editable, type TSettingsRecord } from './settings.data.ts';

/**
 * The company logo (spec: `companyBranding.logo`): uploaded through the one upload path of the
 * browser client, shown in the mails and on the signing pages of the business's requests.
 */
export function SettingsLogo({ businessId }: { businessId: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refused = useNotifyRefusal();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { data: record, refetch } = useGetOne<TSettingsRecord>('settings', { id: businessId });
  const [update] = useUpdate();
  const logo = record?.companyBranding.logo;

  const send = async (file: File) => {
    setProgress(0);
    try {
      await upload(api.uploadBusinessLogo, { params: { id: businessId }, file }, setProgress)
        .promise;
      notify('settings.logo_saved', { type: 'success' });
      await refetch();
    } catch (error) {
      refused(error);
    } finally {
      setProgress(null);
    }
  };
  const remove = () =>
    record &&
    update(
      'settings',
      {
        id: businessId,
        data: { ...record, ...editable(record), companyBranding: { logo: null } },
        previousData: record,
      },
      { mutationMode: 'pessimistic', onSuccess: () => void refetch() },
    );

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('settings.logo')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('settings.logo_hint', { kb: Math.round(LOGO_LIMITS.maxBytes / 1024) })}
        </Typography>
        {logo ? (
          <Box
            component="img"
            src={logo.url}
            alt={translate('settings.logo_alt')}
            sx={{ maxHeight: 64, maxWidth: '100%', display: 'block', mb: 2 }}
          />
        ) : null}
        {progress !== null ? (
          <LinearProgress variant="determinate" value={progress * 100} sx={{ mb: 2 }} />
        ) : null}
        <input
          ref={input}
          type="file"
          accept={LOGO_LIMITS.types.join(',')}
          hidden
          aria-label={translate('settings.logo_upload')}
          data-testid="logo-file"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void send(file);
            e.target.value = '';
          }}
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<UploadIcon />}
            onClick={() => input.current?.click()}
          >
            {translate('settings.logo_upload')}
          </Button>
          {logo ? (
            <Button color="error" onClick={() => void remove()}>
              {translate('settings.logo_remove')}
            </Button>
          ) : null}
        </Box>
      </CardContent>
    </Card>
  );
}
