import { AdminsList } from '../admins/AdminsList.tsx';
import { SingleRecordEdit } from '../layout/SingleRecordEdit.tsx';
import { useRefreshConsoleSession } from '../session.ts';
import { BusinessDeletion } from './BusinessDeletion.tsx';
import { ProfileInputs } from './ProfileInputs.tsx';

/**
 * /business/profile: the caller's business, one record, edited in place (saved when the server
 * accepts it; a refusal stays on the fields), with its administrators and its deletion below.
 */
export function ProfileEdit() {
  const refresh = useRefreshConsoleSession();
  return (
    <SingleRecordEdit
      resource="profile"
      title="profile.title"
      saved="profile.saved"
      onSaved={() => void refresh()}
      after={
        <>
          <AdminsList />
          <BusinessDeletion />
        </>
      }
    >
      <ProfileInputs />
    </SingleRecordEdit>
  );
}
