import { TextInput } from 'react-admin';

/** The domain to add; the server's rules decide what a domain is (the refusal lands here). */
export function DomainInputs() {
  return (
    <TextInput
      source="domain"
      label="domains.domain"
      helperText="domains.domain_hint"
      autoComplete="off"
      fullWidth
    />
  );
}
