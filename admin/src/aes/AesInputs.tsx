import { BooleanInput, SelectArrayInput, TextInput, useRecordContext } from 'react-admin';
import type { TAesRecord } from './aes.data.ts';

/** AES for business: representative, commercial register and the verified domains it covers. */
export function AesInputs() {
  const record = useRecordContext<TAesRecord>();
  const choices = (record?.verifiedDomains ?? []).map((d) => ({ id: d, name: d }));
  return (
    <>
      <BooleanInput source="enabled" label="aes.enabled" helperText="aes.enabled_hint" />
      <TextInput source="representativeName" label="aes.representative_name" fullWidth />
      <TextInput
        source="representativeEmail"
        type="email"
        label="aes.representative_email"
        fullWidth
      />
      <TextInput
        source="commercialRegister"
        label="aes.commercial_register"
        helperText="aes.commercial_register_hint"
        fullWidth
      />
      <SelectArrayInput
        source="domains"
        label="aes.domains"
        choices={choices}
        helperText={choices.length ? 'aes.domains_hint' : 'aes.no_domains'}
        fullWidth
      />
    </>
  );
}
