import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $snackbars,
  clickSnackbarAction,
  dismissSnackbar,
  pauseSnackbar,
  resumeSnackbar,
  showSnackbar,
  swipeSnackbar,
} from './snackbars.ts';

beforeEach(() => {
  vi.useFakeTimers();
  for (const s of $snackbars.get()) dismissSnackbar(s.id);
});
afterEach(() => vi.useRealTimers());

describe('snackbars', () => {
  it('closes after 3000 ms by default', () => {
    showSnackbar('Saved');
    vi.advanceTimersByTime(2999);
    expect($snackbars.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($snackbars.get()).toHaveLength(0);
  });

  it('honours a custom duration and the indefinite flag', () => {
    showSnackbar({ message: 'a', duration: 500 });
    showSnackbar({ message: 'b', indefinite: true });
    vi.advanceTimersByTime(60_000);
    expect($snackbars.get().map((s) => s.message)).toEqual(['b']);
  });

  it('pauses its timer while hovered and resumes with the time left', () => {
    const id = showSnackbar('x');
    vi.advanceTimersByTime(2000);
    pauseSnackbar(id);
    vi.advanceTimersByTime(10_000);
    expect($snackbars.get()[0]?.paused).toBe(true);
    resumeSnackbar(id);
    vi.advanceTimersByTime(999);
    expect($snackbars.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($snackbars.get()).toHaveLength(0);
  });

  it('closes on action click and runs the action', () => {
    const onClick = vi.fn();
    const id = showSnackbar({ message: 'Undo?', action: { label: 'Undo', onClick } });
    clickSnackbarAction(id);
    expect(onClick).toHaveBeenCalledOnce();
    expect($snackbars.get()).toHaveLength(0);
  });

  it('closes on a vertical swipe of more than 50 px only', () => {
    const id = showSnackbar({ message: 'x', indefinite: true });
    expect(swipeSnackbar(id, 50)).toBe(false);
    expect($snackbars.get()).toHaveLength(1);
    expect(swipeSnackbar(id, -51)).toBe(true);
    expect($snackbars.get()).toHaveLength(0);
  });
});
