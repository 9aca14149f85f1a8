import { TextInput } from 'react-admin';

/** The API user's name (what it is for); the server's rules decide (the refusal lands here). */
export function ApiUserInputs() {
  return (
    <TextInput
      source="name"
      label="api_users.name"
      helperText="api_users.name_hint"
      autoComplete="off"
      fullWidth
    />
  );
}
