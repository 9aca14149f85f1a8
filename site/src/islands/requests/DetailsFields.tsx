import { REQUEST_LIMITS } from '@signet/shared/signature-request/signature-request.constants';
import type { TFunction } from '../../lib/i18n.ts';

type Props = {
  t: TFunction;
  /** Prefix of the inputs' ids (`{id}-title`, `{id}-message`). */
  id: string;
  title: string;
  onTitle: (value: string) => void;
  titleError: string | undefined;
  message: string;
  onMessage: (value: string) => void;
};

/** A request's title and message: on the upload page and when the owner edits a draft. */
export function DetailsFields({ t, id, title, onTitle, titleError, message, onMessage }: Props) {
  return (
    <>
      <div className={titleError ? 'acc-field acc-field--invalid' : 'acc-field'}>
        <label htmlFor={`${id}-title`}>{t('upload.title')}</label>
        <input
          id={`${id}-title`}
          value={title}
          maxLength={REQUEST_LIMITS.titleMaxLength}
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? `${id}-title-error` : undefined}
          onChange={(e) => onTitle(e.currentTarget.value)}
        />
        {titleError && (
          <p className="acc-field__error" id={`${id}-title-error`}>
            {titleError}
          </p>
        )}
      </div>
      <div className="acc-field">
        <label htmlFor={`${id}-message`}>
          {t('upload.message')} <span className="acc-field__note">{t('upload.optional')}</span>
        </label>
        <textarea
          id={`${id}-message`}
          rows={3}
          maxLength={REQUEST_LIMITS.messageMaxLength}
          value={message}
          onChange={(e) => onMessage(e.currentTarget.value)}
        />
      </div>
    </>
  );
}
