import { Card, CardContent, Typography } from '@mui/material';
import { DataTable, DateField, ListBase, useTranslate } from 'react-admin';

/**
 * The administrators of the business: name, e-mail, since when. Shown on the business profile
 * (no page of its own: the spec's members pages come with the members resource).
 */
export function AdminsList() {
  const translate = useTranslate();
  return (
    <ListBase resource="admins" disableSyncWithLocation perPage={100}>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" id="admins-heading">
            {translate('admins.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('admins.intro')}
          </Typography>
        </CardContent>
        <DataTable bulkActionButtons={false} rowClick={false} aria-labelledby="admins-heading">
          <DataTable.Col source="name" label="admins.name" />
          <DataTable.Col source="email" label="admins.email" />
          <DataTable.Col source="since" label="admins.since" field={DateField} />
        </DataTable>
      </Card>
    </ListBase>
  );
}
