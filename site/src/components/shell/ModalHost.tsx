import { useStore } from '@nanostores/react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import {
  $dialog,
  $overlay,
  closeDialog,
  closeOverlay,
  type OverlayState,
  runDialogAction,
  runOverlayAction,
} from '../../stores/modals.ts';

/** No body scroll while a dialog or overlay is open. */
function useScrollLock(locked: boolean) {
  useEffect(() => {
    document.documentElement.classList.toggle('scroll-locked', locked);
    return () => document.documentElement.classList.remove('scroll-locked');
  }, [locked]);
}

function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}

/** Focuses a dialog's first form field, else its first control, else the dialog itself. */
function focusFirst(box: HTMLElement | null): void {
  const first =
    box?.querySelector<HTMLElement>('input, select, textarea') ??
    box?.querySelector<HTMLElement>('button, [href]');
  (first ?? box)?.focus();
}

/** The one dialog of $dialog, as a modal <dialog>-like box with a dimmed backdrop. */
export function DialogHost({ closeLabel }: { closeLabel: string }) {
  const dialog = useStore($dialog);
  const titleId = useId();
  const boxRef = useRef<HTMLDivElement>(null);

  // Focus once per opened dialog: its first form field (where the user starts), else its first
  // control; give focus back to where it was when the dialog closes.
  const key = dialog?.key;
  useEffect(() => {
    if (key === undefined) return;
    const previous = document.activeElement as HTMLElement | null;
    focusFirst(boxRef.current);
    return () => previous?.focus?.();
  }, [key]);

  // A running action disables the buttons, and a disabled button drops focus to the page: when
  // the action ends with the dialog still open (an error), bring focus back into the dialog.
  const loading = dialog?.loading ?? null;
  useEffect(() => {
    const box = boxRef.current;
    if (loading === null && box && !box.contains(document.activeElement)) focusFirst(box);
  }, [loading]);

  useEffect(() => {
    if (!dialog) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && dialog.dismissible && !dialog.loading) closeDialog(dialog.key);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dialog]);

  if (!dialog) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a backdrop click is a mouse shortcut; Escape (document listener) and the close button serve keyboards.
    <div
      className="dialog-backdrop"
      role="presentation"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && dialog.dismissible && !dialog.loading)
          closeDialog(dialog.key);
      }}
    >
      <div
        ref={boxRef}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-dialog={dialog.name}
        tabIndex={-1}
      >
        <div className="dialog__head">
          <h2 id={titleId} className="dialog__title">
            {dialog.title}
          </h2>
          {dialog.dismissible && (
            <button
              type="button"
              className="icon-button"
              aria-label={closeLabel}
              disabled={dialog.loading !== null}
              onClick={() => closeDialog(dialog.key)}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          )}
        </div>
        {dialog.content !== undefined && <div className="dialog__body">{dialog.content}</div>}
        {dialog.error && (
          <p className="dialog__error" role="alert">
            {dialog.error}
          </p>
        )}
        {dialog.actions.length > 0 && (
          <div className="dialog__actions">
            {dialog.actions.map((action) => (
              <button
                key={action.id}
                type="button"
                className={`btn btn--${action.variant ?? 'secondary'}`}
                disabled={dialog.loading !== null}
                aria-busy={dialog.loading === action.id}
                onClick={() => void runDialogAction(action.id)}
              >
                {dialog.loading === action.id && <Spinner />}
                {action.label}
              </button>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

function overlayBody(overlay: OverlayState) {
  if (typeof overlay.content !== 'function') return overlay.content;
  return overlay.content({
    run: runOverlayAction,
    loading: overlay.loading,
    close: () => closeOverlay(overlay.key),
  });
}

/**
 * The accessible name of an overlay is its first heading: each overlay renders its own <h1>,
 * so the host gives it an id (when it has none) and points aria-labelledby at it.
 */
function useHeadingLabel(key: unknown): string | undefined {
  const [labelId, setLabelId] = useState<string | undefined>();
  const baseId = useId();
  useLayoutEffect(() => {
    if (key === undefined) return setLabelId(undefined);
    const heading = document.querySelector<HTMLElement>(
      '.overlay__content h1, .overlay__content h2',
    );
    if (!heading) return setLabelId(undefined);
    if (!heading.id) heading.id = `${baseId}-title`;
    setLabelId(heading.id);
  }, [key, baseId]);
  return labelId;
}

/** The one full-screen overlay of $overlay: white opaque persistent scrim, z-index 2000. */
export function OverlayHost({ loadingLabel }: { loadingLabel: string }) {
  const overlay = useStore($overlay);
  const dialog = useStore($dialog);
  useScrollLock(overlay !== null || dialog !== null);
  const labelId = useHeadingLabel(overlay?.key);
  if (!overlay) return null;
  return (
    <div
      className="overlay"
      role="dialog"
      aria-modal="true"
      aria-labelledby={labelId}
      data-overlay={overlay.name}
      aria-busy={overlay.loading !== null}
    >
      <div className="overlay__content">{overlayBody(overlay)}</div>
      {overlay.loading !== null && (
        <div className="overlay__loading" role="status">
          <Spinner />
          <span>{loadingLabel}</span>
        </div>
      )}
    </div>
  );
}
