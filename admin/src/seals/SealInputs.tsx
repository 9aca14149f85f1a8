import { Typography } from '@mui/material';
import { SEAL_QUALITIES } from '@signet/shared/seal/seal.constants';
import {
  AutocompleteArrayInput,
  RadioButtonGroupInput,
  TextInput,
  useGetList,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import type { TApiUserRecord } from '../api-users/api-users.data.ts';
import type { TMemberRecord } from '../members/members.data.ts';
import type { TSealRecord } from './seals.data.ts';

/** Members offered as seal members: the first page of the members list at its largest size. */
const MEMBERS_PAGE = { page: 1, perPage: 100 };

/**
 * A seal's fields: its account name and quality (only when creating: the name is the seal's in
 * `sealAccountName` and in its address, the certificate is issued for the quality), its display name (the certificate's and the visual signature's name),
 * the members who may seal with it and the API users it is granted to. The server's rules come
 * back onto the fields.
 */
export function SealInputs({ creating = false }: { creating?: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<TSealRecord>();
  const members = useGetList<TMemberRecord>('members', {
    pagination: MEMBERS_PAGE,
    sort: { field: 'email', order: 'ASC' },
  });
  const apiUsers = useGetList<TApiUserRecord>('developers/api');
  return (
    <>
      {creating ? (
        <TextInput
          source="accountName"
          label="seals.account_name"
          helperText="seals.account_name_hint"
          autoComplete="off"
          fullWidth
        />
      ) : (
        record && (
          <Typography variant="body2" color="text.secondary" data-testid="seal-certificate">
            {record.quality ? `${translate(`seals.quality_${record.quality}`)} · ` : ''}
            {translate('seals.certificate', {
              subject: record.certificateSubject ?? '',
              notAfter: record.certificateNotAfter
                ? new Date(record.certificateNotAfter).toLocaleDateString()
                : '',
            })}
          </Typography>
        )
      )}
      {creating && (
        <RadioButtonGroupInput
          source="quality"
          label="seals.quality"
          helperText="seals.quality_hint"
          choices={SEAL_QUALITIES.map((q) => ({ id: q, name: `seals.quality_${q}` }))}
          row={false}
        />
      )}
      <TextInput
        source="displayName"
        label="seals.display_name"
        helperText="seals.display_name_hint"
        autoComplete="off"
        fullWidth
      />
      <AutocompleteArrayInput
        source="memberIds"
        label="seals.members"
        helperText="seals.members_hint"
        choices={(members.data ?? []).filter((m) => !m.pending)}
        optionText="email"
        optionValue="id"
        isPending={members.isPending}
        fullWidth
      />
      <AutocompleteArrayInput
        source="apiUsers"
        label="seals.api_users"
        helperText="seals.api_users_hint"
        choices={apiUsers.data ?? []}
        optionText="username"
        optionValue="username"
        isPending={apiUsers.isPending}
        fullWidth
      />
    </>
  );
}
