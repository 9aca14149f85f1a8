import { Box, Button, Typography } from '@mui/material';
import { PUBLIC_API_PATHS } from '@signet/shared/api-user/api-user.constants';
import { useNotify, useTranslate } from 'react-admin';
import { api } from '../providers/client.ts';

/** A curl call against this server with the given credentials (placeholders without them), copyable. */
export function CurlExample(props: { username?: string; apiKey?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const user = props.username ?? 'USERNAME';
  const key = props.apiKey ?? 'API_KEY';
  const command = `curl -u '${user}:${key}' '${window.location.origin}${PUBLIC_API_PATHS.base}${api.listSignatureRequests.path}'`;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {translate('api_users.curl')}
      </Typography>
      <Box
        component="pre"
        data-testid="api-curl"
        sx={{
          p: 1.5,
          m: 0,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontSize: 13,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {command}
      </Box>
      <Button
        size="small"
        onClick={() =>
          navigator.clipboard
            ?.writeText(command)
            .then(() => notify('api_users.copied', { type: 'info' }))
            .catch(() => undefined)
        }
      >
        {translate('api_users.copy')}
      </Button>
    </Box>
  );
}
