import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { CurlExample } from './CurlExample.tsx';

/** The key of a new or reset API user: shown this once, with a curl call that uses it. */
export function ApiKeyDialog(props: {
  user: { username: string; apiKey: string } | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const { user } = props;
  return (
    <Dialog open={Boolean(user)} onClose={props.onClose} maxWidth="md" fullWidth>
      <DialogTitle>{translate('api_users.key_title')}</DialogTitle>
      {user && (
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate('api_users.key_once')}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div">
            {translate('api_users.username')}
          </Typography>
          <Box component="code" data-testid="api-username" sx={{ overflowWrap: 'anywhere' }}>
            {user.username}
          </Box>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 1 }}>
            {translate('api_users.key')}
          </Typography>
          <Box component="code" data-testid="api-key" sx={{ overflowWrap: 'anywhere' }}>
            {user.apiKey}
          </Box>
          <CurlExample username={user.username} apiKey={user.apiKey} />
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={props.onClose}>{translate('api_users.key_done')}</Button>
      </DialogActions>
    </Dialog>
  );
}
