import { Box, Card, CardContent, Typography } from '@mui/material';
import { LOGO_LIMITS } from '@signet/shared/business/business.constants';
import { useState } from 'react';
import { useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { FileChoice } from '../layout/FileChoice.tsx';
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
        <FileChoice
          accept={LOGO_LIMITS.types}
          chooseLabel={translate('settings.logo_upload')}
          removeLabel={translate('settings.logo_remove')}
          progress={progress}
          onFile={(file) => void send(file)}
          onRemove={logo ? () => void remove() : undefined}
          testId="logo-file"
        />
      </CardContent>
    </Card>
  );
}
