import { Box } from '@mui/material';
import {
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  useRequireAccess,
  useTranslate,
} from 'react-admin';
import { AdminsList } from '../admins/AdminsList.tsx';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { useConsoleSession, useRefreshConsoleSession } from '../session.ts';
import { BusinessDeletion } from './BusinessDeletion.tsx';
import { ProfileInputs } from './ProfileInputs.tsx';

/**
 * /business/profile: the caller's business, one record, edited in place (saved when the server
 * accepts it; a refusal stays on the fields), with its administrators below.
 */
export function ProfileEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshConsoleSession();
  // The page is the resource's list route: ask canAccess as a list would (spec section 6).
  const access = useRequireAccess({ resource: 'profile', action: 'list' });
  const { data: session } = useConsoleSession();
  usePageTitle(translate('profile.title'));
  const id = session?.business?.id;
  if (access.isPending || !id) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2, maxWidth: 760 }}>
      <Edit
        resource="profile"
        id={id}
        redirect={false}
        mutationMode="pessimistic"
        title="profile.title"
        actions={false}
        mutationOptions={{
          onSuccess: () => {
            notify('profile.saved', { type: 'success' });
            void refresh();
          },
        }}
      >
        {/* The server's rules decide (no browser checks); a business is not deleted here. */}
        <SimpleForm
          noValidate
          toolbar={
            <Toolbar>
              <SaveButton />
            </Toolbar>
          }
        >
          <ProfileInputs />
        </SimpleForm>
      </Edit>
      <AdminsList />
      <BusinessDeletion />
    </Box>
  );
}
