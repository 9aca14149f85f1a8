import {
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { TFunction } from '../../lib/i18n.ts';

type FieldProps = {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown after the label, e.g. "(optional)". */
  labelNote?: string;
  value: string;
  onValue: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

/**
 * The page is server-rendered and the form hydrates later: whatever the user typed before that
 * is in the DOM but not in state, and React would wipe it on the next render. On mount, take it.
 */
function useTypedBeforeHydration(
  ref: RefObject<HTMLInputElement | null>,
  value: string,
  onValue: (value: string) => void,
): void {
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed && typed !== value) onValue(typed);
  }, []);
}

/** A labelled text input whose hint and error are announced with it (aria-describedby). */
export function TextField({
  id,
  label,
  error,
  hint,
  labelNote,
  value,
  onValue,
  ...rest
}: FieldProps) {
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, value, onValue);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'acc-field acc-field--invalid' : 'acc-field'}>
      <label htmlFor={id}>
        {label}
        {labelNote ? <span className="acc-field__note"> {labelNote}</span> : null}
      </label>
      <input
        ref={input}
        id={id}
        name={id}
        value={value}
        onChange={(e) => onValue(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {error ? (
        <p className="acc-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <div className="acc-field__hint" id={hintId}>
          {hint}
        </div>
      ) : null}
    </div>
  );
}

type PasswordFieldProps = Omit<FieldProps, 'type'> & { t: TFunction };

/** A password input with a show/hide toggle (a real button, reachable by keyboard). */
export function PasswordField({
  t,
  id,
  label,
  error,
  hint,
  value,
  onValue,
  ...rest
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(input, value, onValue);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'acc-field acc-field--invalid' : 'acc-field'}>
      <label htmlFor={id}>{label}</label>
      <div className="acc-password">
        <input
          ref={input}
          id={id}
          name={id}
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(e) => onValue(e.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoCapitalize="none"
          spellCheck={false}
          {...rest}
        />
        <button
          type="button"
          className="acc-password__toggle"
          aria-controls={id}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? t('form.hidePassword') : t('form.showPassword')}
        </button>
      </div>
      {error ? (
        <p className="acc-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <div className="acc-field__hint" id={hintId}>
          {hint}
        </div>
      ) : null}
    </div>
  );
}

/** A form-level message (server errors): announced when it appears, focusable for the jump. */
export function FormAlert({ id, message }: { id: string; message: string | null }) {
  return (
    <div id={id} className="acc-alert" role="alert" tabIndex={-1} hidden={!message}>
      {message}
    </div>
  );
}

export function SubmitButton({ busy, label, t }: { busy: boolean; label: string; t: TFunction }) {
  return (
    <button type="submit" className="btn btn--primary" aria-busy={busy || undefined}>
      {busy ? t('form.working') : label}
    </button>
  );
}
