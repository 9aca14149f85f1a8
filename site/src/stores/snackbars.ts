import { SNACKBAR } from '@signet/shared/ui/ui.constants';
import { atom } from 'nanostores';

export type SnackbarVariant = 'info' | 'success' | 'warning' | 'error';

export type SnackbarAction = { label: string; onClick?: () => void };

export type Snackbar = {
  id: number;
  message: string;
  variant: SnackbarVariant;
  /** Stays until dismissed. */
  indefinite: boolean;
  duration: number;
  action?: SnackbarAction;
  paused: boolean;
};

export type SnackbarInput = {
  message: string;
  variant?: SnackbarVariant;
  /** Milliseconds; 3000 unless given. */
  duration?: number;
  indefinite?: boolean;
  action?: SnackbarAction;
};

/** The visible snackbars, oldest first. */
export const $snackbars = atom<Snackbar[]>([]);

type Timer = { handle: ReturnType<typeof setTimeout> | null; remaining: number; startedAt: number };
const timers = new Map<number, Timer>();
let nextId = 1;

function start(id: number, ms: number): void {
  const handle = setTimeout(() => dismissSnackbar(id), ms);
  timers.set(id, { handle, remaining: ms, startedAt: Date.now() });
}

/** Shows a snackbar and returns its id. It closes after its duration unless indefinite. */
export function showSnackbar(input: SnackbarInput | string): number {
  const spec = typeof input === 'string' ? { message: input } : input;
  const id = nextId++;
  const snackbar: Snackbar = {
    id,
    message: spec.message,
    variant: spec.variant ?? 'info',
    indefinite: spec.indefinite ?? false,
    duration: spec.duration ?? SNACKBAR.defaultDurationMs,
    action: spec.action,
    paused: false,
  };
  $snackbars.set([...$snackbars.get(), snackbar]);
  if (!snackbar.indefinite) start(id, snackbar.duration);
  return id;
}

/** Closes a snackbar (dismiss button, timeout, swipe). */
export function dismissSnackbar(id: number): void {
  const timer = timers.get(id);
  if (timer?.handle) clearTimeout(timer.handle);
  timers.delete(id);
  const list = $snackbars.get();
  if (list.some((s) => s.id === id)) $snackbars.set(list.filter((s) => s.id !== id));
}

/** Runs the snackbar's action and closes it. */
export function clickSnackbarAction(id: number): void {
  const snackbar = $snackbars.get().find((s) => s.id === id);
  dismissSnackbar(id);
  snackbar?.action?.onClick?.();
}

function setPaused(id: number, paused: boolean): void {
  $snackbars.set($snackbars.get().map((s) => (s.id === id ? { ...s, paused } : s)));
}

/** Pointer entered: the timer stops and keeps what is left. */
export function pauseSnackbar(id: number): void {
  const timer = timers.get(id);
  if (!timer?.handle) return;
  clearTimeout(timer.handle);
  timers.set(id, {
    handle: null,
    remaining: Math.max(0, timer.remaining - (Date.now() - timer.startedAt)),
    startedAt: 0,
  });
  setPaused(id, true);
}

/** Pointer left: the timer runs on with the time that was left. */
export function resumeSnackbar(id: number): void {
  const timer = timers.get(id);
  if (!timer || timer.handle) return;
  start(id, timer.remaining);
  setPaused(id, false);
}

/** A finished touch gesture: closes the snackbar when it moved vertically more than 50 px. */
export function swipeSnackbar(id: number, deltaY: number): boolean {
  if (Math.abs(deltaY) <= SNACKBAR.swipeCloseThresholdPx) return false;
  dismissSnackbar(id);
  return true;
}
