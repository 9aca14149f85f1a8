import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import {
  $snackbars,
  clickSnackbarAction,
  dismissSnackbar,
  pauseSnackbar,
  resumeSnackbar,
  type Snackbar,
  swipeSnackbar,
} from '../../stores/snackbars.ts';

function Item({ snackbar, dismissLabel }: { snackbar: Snackbar; dismissLabel: string }) {
  const startY = useRef<number | null>(null);
  const Tag = snackbar.variant === 'error' ? 'alert' : 'status';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover pauses and swipe closes (spec); keyboards use the dismiss button.
    <div
      className={`snackbar snackbar--${snackbar.variant}`}
      role={Tag}
      data-testid="snackbar"
      onMouseEnter={() => pauseSnackbar(snackbar.id)}
      onMouseLeave={() => resumeSnackbar(snackbar.id)}
      onTouchStart={(e) => {
        startY.current = e.touches[0]?.clientY ?? null;
        pauseSnackbar(snackbar.id);
      }}
      onTouchEnd={(e) => {
        const y = e.changedTouches[0]?.clientY;
        const closed =
          startY.current !== null &&
          y !== undefined &&
          swipeSnackbar(snackbar.id, y - startY.current);
        startY.current = null;
        if (!closed) resumeSnackbar(snackbar.id);
      }}
    >
      <span className="snackbar__message">{snackbar.message}</span>
      {snackbar.action && (
        <button
          type="button"
          className="snackbar__action"
          onClick={() => clickSnackbarAction(snackbar.id)}
        >
          {snackbar.action.label}
        </button>
      )}
      <button
        type="button"
        className="snackbar__dismiss"
        aria-label={dismissLabel}
        title={dismissLabel}
        onClick={() => dismissSnackbar(snackbar.id)}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M6 6l12 12M18 6L6 18"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </div>
  );
}

/** The toast area: every snackbar of $snackbars, newest at the bottom. */
export function SnackbarHost({ dismissLabel }: { dismissLabel: string }) {
  const snackbars = useStore($snackbars);
  return (
    <div className="snackbar-host" aria-live="polite">
      {snackbars.map((s) => (
        <Item key={s.id} snackbar={s} dismissLabel={dismissLabel} />
      ))}
    </div>
  );
}
