import { Box, Link, Typography } from '@mui/material';
import {
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  useRequireAccess,
  useTranslate,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { useConsoleSession } from '../session.ts';
import { AesInputs } from './AesInputs.tsx';

/** /business/profile/aes-for-business: AES for business (spec section 3, `aes4biz`). */
export function AesEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const access = useRequireAccess({ resource: 'profile/aes-for-business', action: 'list' });
  const { data: session } = useConsoleSession();
  usePageTitle(translate('aes.title'));
  const id = session?.business?.id;
  if (access.isPending || !id) return null;
  return (
    <Box sx={{ mt: 2, maxWidth: 760 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('aes.intro')}{' '}
        <Link component={RouterLink} to="/members/domains">
          {translate('menu.domains')}
        </Link>
      </Typography>
      <Edit
        resource="profile/aes-for-business"
        id={id}
        redirect={false}
        mutationMode="pessimistic"
        title="aes.title"
        actions={false}
        mutationOptions={{ onSuccess: () => notify('aes.saved', { type: 'success' }) }}
      >
        <SimpleForm
          noValidate
          toolbar={
            <Toolbar>
              <SaveButton />
            </Toolbar>
          }
        >
          <AesInputs />
        </SimpleForm>
      </Edit>
    </Box>
  );
}
