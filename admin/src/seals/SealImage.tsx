import { Box, Typography } from '@mui/material';
import { SEAL_IMAGE_MEDIA_TYPES } from '@signet/shared/seal/seal.constants';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { FileChoice } from '../layout/FileChoice.tsx';
import { useNotifyRefusal } from '../layout/refusal.ts';
import { ApiError, api, call, fetchFile, upload } from '../providers/client.ts';
import { currentBusinessId } from '../session.ts';
import type { TSealRecord } from './seals.data.ts';

/**
 * The stored image as a data URL (the answer needs the session's Authorization header, so an
 * `<img src>` cannot fetch it), refetched when `version` changes; null without one.
 */
function useSealImageUrl(accountName: string, version: string | null): string | null {
  const { data } = useQuery({
    queryKey: ['seal-image', accountName, version],
    enabled: Boolean(accountName && version),
    queryFn: async ({ signal }) => {
      const res = await fetchFile(
        api.getSealImage,
        { params: { id: await currentBusinessId(), seal: accountName } },
        signal,
      );
      if (!res.ok) throw ApiError.of({ status: res.status, data: null });
      const blob = await res.blob();
      return new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error);
        reader.readAsDataURL(blob);
      });
    },
  });
  return version ? (data ?? null) : null;
}

/**
 * The seal's image (its logo in the visual signature): PNG, JPEG or SVG, uploaded through the
 * browser client's one upload path; the server checks it and keeps only its pixels.
 */
export function SealImage() {
  const translate = useTranslate();
  const notify = useNotify();
  const refused = useNotifyRefusal();
  const refresh = useRefresh();
  const record = useRecordContext<TSealRecord>();
  const [progress, setProgress] = useState<number | null>(null);
  // Bumped by each upload, so the new image is fetched.
  const [uploads, setUploads] = useState(0);
  const accountName = record?.accountName ?? '';
  const url = useSealImageUrl(accountName, record?.hasImage ? String(uploads) : null);
  if (!record) return null;

  const send = async (file: File) => {
    setProgress(0);
    try {
      const params = { id: await currentBusinessId(), seal: accountName };
      await upload(api.uploadSealImage, { params, file }, setProgress).promise;
      notify('seals.image_saved', { type: 'success' });
      setUploads((n) => n + 1);
      refresh();
    } catch (error) {
      refused(error);
    } finally {
      setProgress(null);
    }
  };
  const remove = async () => {
    try {
      await call(api.deleteSealImage, {
        params: { id: await currentBusinessId(), seal: accountName },
      });
      refresh();
    } catch (error) {
      refused(error);
    }
  };

  return (
    <Box sx={{ width: '100%', mb: 2 }} data-testid="seal-image">
      <Typography variant="subtitle1" component="h2">
        {translate('seals.image')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('seals.image_hint')}
      </Typography>
      {record.hasImage && url ? (
        <Box
          component="img"
          src={url}
          alt={translate('seals.image_alt', { name: record.displayName })}
          sx={{ maxHeight: 80, maxWidth: '100%', display: 'block', mb: 1 }}
        />
      ) : null}
      <FileChoice
        accept={SEAL_IMAGE_MEDIA_TYPES}
        chooseLabel={translate('seals.image_upload')}
        removeLabel={translate('seals.image_remove')}
        progress={progress}
        onFile={(file) => void send(file)}
        onRemove={record.hasImage ? () => void remove() : undefined}
        testId="seal-image-file"
      />
    </Box>
  );
}
