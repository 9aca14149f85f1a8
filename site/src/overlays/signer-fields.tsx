import { REQUEST_LIMITS } from '@signet/shared/signature-request/signature-request.constants';
import { type RefObject, useState } from 'react';

/**
 * The name a signature carries and its optional reason, as the signing overlays ask for them
 * (an account's and a direct signer's). `values` is the overlay's record the action reads.
 */
export function SignerFields({
  id,
  values,
  error,
  input,
  labels,
}: {
  id: string;
  values: { name: string; reason: string };
  error: string | null;
  input: RefObject<HTMLInputElement | null>;
  labels: { name: string; reason: string; optional: string };
}) {
  const [name, setName] = useState(values.name);
  const [reason, setReason] = useState(values.reason);
  return (
    <>
      <div className={error ? 'acc-field acc-field--invalid' : 'acc-field'}>
        <label htmlFor={`${id}-name`}>{labels.name}</label>
        <input
          id={`${id}-name`}
          ref={input}
          autoComplete="name"
          maxLength={REQUEST_LIMITS.signingNameMaxLength}
          value={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-name-error` : undefined}
          onChange={(e) => {
            setName(e.currentTarget.value);
            values.name = e.currentTarget.value;
          }}
        />
        {error && (
          <p className="acc-field__error" id={`${id}-name-error`}>
            {error}
          </p>
        )}
      </div>
      <div className="acc-field">
        <label htmlFor={`${id}-reason`}>
          {labels.reason}
          <span className="acc-field__note"> {labels.optional}</span>
        </label>
        <input
          id={`${id}-reason`}
          maxLength={REQUEST_LIMITS.signingReasonMaxLength}
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            values.reason = e.currentTarget.value;
          }}
        />
      </div>
    </>
  );
}
