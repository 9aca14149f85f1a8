import { TextInput } from 'react-admin';

/** The group's name and members (one address a line); the server's rules answer on the fields. */
export function SignerGroupInputs() {
  return (
    <>
      <TextInput source="name" label="signer_groups.name" autoComplete="off" fullWidth />
      <TextInput
        source="membersText"
        label="signer_groups.members"
        helperText="signer_groups.members_hint"
        multiline
        minRows={4}
        fullWidth
      />
    </>
  );
}
