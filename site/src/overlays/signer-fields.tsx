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
  part11,
}: {
  id: string;
  values: { name: string; reason: string };
  error: string | null;
  input: RefObject<HTMLInputElement | null>;
  labels: { name: string; reason: string; optional: string };
  /**
   * Part 11 mode of the request's business: the reason is required (`error` of a missing one,
   * `hint` says why) and `input` focuses it.
   */
  part11?: { error: string | null; hint: string; input: RefObject<HTMLInputElement | null> };
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
      <div className={part11?.error ? 'acc-field acc-field--invalid' : 'acc-field'}>
        <label htmlFor={`${id}-reason`}>
          {labels.reason}
          {part11 ? null : <span className="acc-field__note"> {labels.optional}</span>}
        </label>
        <input
          id={`${id}-reason`}
          ref={part11?.input}
          maxLength={REQUEST_LIMITS.signingReasonMaxLength}
          value={reason}
          required={part11 !== undefined}
          aria-invalid={part11?.error ? true : undefined}
          aria-describedby={part11?.error ? `${id}-reason-error` : undefined}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            values.reason = e.currentTarget.value;
          }}
        />
        {part11?.error && (
          <p className="acc-field__error" id={`${id}-reason-error`}>
            {part11.error}
          </p>
        )}
        {part11 ? <p className="rq-hint">{part11.hint}</p> : null}
      </div>
    </>
  );
}
