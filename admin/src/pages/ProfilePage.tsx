import { Card, CardContent } from '@mui/material';
import {
  RecordContextProvider,
  SimpleShowLayout,
  TextField,
  Title,
  useTranslate,
} from 'react-admin';
import { usePageTitle } from '../layout/usePageTitle.ts';
import { useConsoleSession } from '../session.ts';

/** /business/profile: the business's name, e-mail and phone (read-only for now). */
export function ProfilePage() {
  const translate = useTranslate();
  const { data: session } = useConsoleSession();
  const title = translate('profile.title');
  usePageTitle(title);
  const business = session?.business;
  if (!business) return null;

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <RecordContextProvider value={business}>
          <SimpleShowLayout>
            <TextField source="name" label="profile.name" />
            <TextField source="email" label="profile.email" />
            <TextField source="phone" label="profile.phone" emptyText={translate('profile.none')} />
          </SimpleShowLayout>
        </RecordContextProvider>
      </CardContent>
    </Card>
  );
}
