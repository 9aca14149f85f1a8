import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useRef } from 'react';
import { openOverlay } from '../stores/modals.ts';

/** A failure of a notice overlay's action, shown under its text until the next overlay opens. */
export const $noticeError = atom<string | null>(null);

export type TNoticeAction = {
  label: string;
  /** Runs on click (the overlay host shows the spinner while it runs). */
  onClick: () => unknown;
  primary?: boolean;
};

/**
 * A full-screen overlay with one message: an icon, a heading, a text and its buttons (the TAN
 * invalid / expired / locked and the MAB signing failure overlays). The primary button takes
 * focus.
 */
export function openNoticeOverlay(spec: {
  name: string;
  tone: 'error' | 'info';
  title: string;
  text: string;
  actions: TNoticeAction[];
}): number {
  $noticeError.set(null);
  return openOverlay({
    name: spec.name,
    content: () => <NoticeBody {...spec} />,
    actions: Object.fromEntries(spec.actions.map((a, i) => [`a${i}`, a.onClick])),
  });
}

function NoticeBody({
  name,
  tone,
  title,
  text,
  actions,
}: {
  name: string;
  tone: 'error' | 'info';
  title: string;
  text: string;
  actions: TNoticeAction[];
}) {
  const primary = useRef<HTMLButtonElement>(null);
  const failed = useStore($noticeError);
  useEffect(() => primary.current?.focus(), []);
  return (
    <div className="rq-overlay" data-testid={name}>
      <div className="rq-overlay__box rq-overlay__box--centre">
        <div
          className={`status-page__icon${tone === 'error' ? ' status-page__icon--error' : ''}`}
          aria-hidden="true"
        >
          <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
            {tone === 'error' ? (
              <path
                d="M7 7l10 10M17 7L7 17"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.4"
                strokeLinecap="round"
              />
            ) : (
              <path
                d="M12 7v6M12 16.5v.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.4"
                strokeLinecap="round"
              />
            )}
          </svg>
        </div>
        <h1>{title}</h1>
        <p className="rq-overlay__lead" role={tone === 'error' ? 'alert' : undefined}>
          {text}
        </p>
        {failed && (
          <p className="acc-alert" role="alert">
            {failed}
          </p>
        )}
        <div className="rq-overlay__actions rq-overlay__actions--centre">
          {actions.map((a) => (
            <button
              key={a.label}
              ref={a.primary ? primary : undefined}
              type="button"
              className={a.primary ? 'btn btn--primary' : 'btn btn--text'}
              onClick={() => void a.onClick()}
            >
              {a.label}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
