import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import {
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  useRequireAccess,
  useTranslate,
} from 'react-admin';
import { useConsoleSession } from '../session.ts';
import { usePageTitle } from './usePageTitle.ts';

/**
 * A page that is one record of the caller's business, edited in place (profile, settings, AES
 * for business): its resource's "list" route asks `canAccess` as a list would (spec section 6),
 * the form checks nothing in the browser (the server's rules come back onto the fields), it saves
 * when the server accepts and says so (`saved`), with `after` below the form.
 */
export function SingleRecordEdit({
  resource,
  title,
  saved,
  onSaved,
  children,
  before,
  after,
}: {
  resource: string;
  title: string;
  saved: string;
  onSaved?: () => void;
  children: ReactNode;
  before?: ReactNode;
  after?: ReactNode;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const access = useRequireAccess({ resource, action: 'list' });
  const { data: session } = useConsoleSession();
  usePageTitle(translate(title));
  const id = session?.business?.id;
  if (access.isPending || !id) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, mt: 2, maxWidth: 760 }}>
      {before}
      <Edit
        resource={resource}
        id={id}
        redirect={false}
        mutationMode="pessimistic"
        title={title}
        actions={false}
        mutationOptions={{
          onSuccess: () => {
            notify(saved, { type: 'success' });
            onSaved?.();
          },
        }}
      >
        <SimpleForm
          noValidate
          toolbar={
            <Toolbar>
              <SaveButton />
            </Toolbar>
          }
        >
          {children}
        </SimpleForm>
      </Edit>
      {after}
    </Box>
  );
}
