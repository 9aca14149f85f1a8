import { atom } from 'nanostores';
import type { ReactNode } from 'react';

/**
 * Dialogs and full-screen overlays (spec section 4). Only one dialog or overlay is active at a
 * time: opening one replaces whatever is open. The hosts in components/shell render them and lock
 * the page's scrolling while either is open.
 */

export type ButtonVariant = 'primary' | 'secondary' | 'text' | 'danger';

export type DialogAction = {
  id: string;
  label: string;
  variant?: ButtonVariant;
  /** Runs on click; the dialog closes when it finishes unless it opened another dialog. */
  handler?: () => unknown;
};

export type DialogSpec = {
  /** Spec name, e.g. `general/accept-terms`. */
  name: string;
  title: string;
  content?: ReactNode;
  actions: DialogAction[];
  /** Escape key and backdrop close it (default true). */
  dismissible?: boolean;
};

export type DialogState = DialogSpec & {
  key: number;
  /** id of the action running now. */
  loading: string | null;
  /** message of the last failed action. */
  error: string | null;
};

export type OverlayContext = {
  run: (action: string) => Promise<boolean>;
  loading: string | null;
  close: () => void;
};

export type OverlaySpec = {
  /** Spec name, e.g. `signing-success`. */
  name: string;
  content: ReactNode | ((ctx: OverlayContext) => ReactNode);
  /** Named actions; the overlay closes only when `complete` succeeds. */
  actions: Record<string, () => unknown>;
};

export type OverlayState = OverlaySpec & { key: number; loading: string | null };

export const $dialog = atom<DialogState | null>(null);
export const $overlay = atom<OverlayState | null>(null);

let nextKey = 1;

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Opens a dialog (closing any open dialog or overlay); returns its key. */
export function openDialog(spec: DialogSpec): number {
  const key = nextKey++;
  $overlay.set(null);
  $dialog.set({ dismissible: true, ...spec, key, loading: null, error: null });
  return key;
}

/** Closes the dialog; with a key, only if that dialog is still the open one. */
export function closeDialog(key?: number): void {
  const current = $dialog.get();
  if (current && (key === undefined || current.key === key)) $dialog.set(null);
}

/**
 * Runs a dialog action. When the handler finishes the dialog closes, unless the handler opened
 * another dialog (or an overlay) meanwhile. When it throws, the loading state clears, the error is
 * kept on the dialog and the dialog stays open, so the user can retry. Returns whether it succeeded.
 */
export async function runDialogAction(actionId: string): Promise<boolean> {
  const current = $dialog.get();
  if (!current || current.loading) return false;
  const action = current.actions.find((a) => a.id === actionId);
  if (!action) return false;
  $dialog.set({ ...current, loading: actionId, error: null });
  try {
    await action.handler?.();
  } catch (error) {
    const now = $dialog.get();
    if (now?.key === current.key) $dialog.set({ ...now, loading: null, error: message(error) });
    return false;
  }
  closeDialog(current.key);
  return true;
}

/** Opens a full-screen overlay (closing any open dialog or overlay); returns its key. */
export function openOverlay(spec: OverlaySpec): number {
  const key = nextKey++;
  $dialog.set(null);
  $overlay.set({ ...spec, key, loading: null });
  return key;
}

/** Closes the overlay; with a key, only if that overlay is still the open one. */
export function closeOverlay(key?: number): void {
  const current = $overlay.get();
  if (current && (key === undefined || current.key === key)) $overlay.set(null);
}

/**
 * Runs a named overlay action with a loading flag. The overlay closes only when `complete`
 * succeeds; when any action throws, the loading flag clears and the overlay stays open.
 */
export async function runOverlayAction(name: string): Promise<boolean> {
  const current = $overlay.get();
  if (!current || current.loading) return false;
  const handler = current.actions[name];
  if (!handler) return false;
  $overlay.set({ ...current, loading: name });
  try {
    await handler();
  } catch {
    const now = $overlay.get();
    if (now?.key === current.key) $overlay.set({ ...now, loading: null });
    return false;
  }
  const now = $overlay.get();
  if (now?.key !== current.key) return true;
  if (name === 'complete') $overlay.set(null);
  else $overlay.set({ ...now, loading: null });
  return true;
}

/** True while a dialog or an overlay is open (the page body must not scroll). */
export function isModalOpen(): boolean {
  return $dialog.get() !== null || $overlay.get() !== null;
}
