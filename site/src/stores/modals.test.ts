import { beforeEach, describe, expect, it } from 'vitest';
import {
  $dialog,
  $overlay,
  closeDialog,
  closeOverlay,
  isModalOpen,
  openDialog,
  openOverlay,
  runDialogAction,
  runOverlayAction,
} from './modals.ts';

beforeEach(() => {
  closeDialog();
  closeOverlay();
});

describe('dialogs', () => {
  it('closes when the action handler finishes', async () => {
    let ran = false;
    openDialog({
      name: 'a',
      title: 'A',
      actions: [
        {
          id: 'ok',
          label: 'OK',
          handler: async () => {
            ran = true;
          },
        },
      ],
    });
    expect(await runDialogAction('ok')).toBe(true);
    expect(ran).toBe(true);
    expect($dialog.get()).toBeNull();
  });

  it('stays on the dialog a handler opened meanwhile', async () => {
    openDialog({
      name: 'first',
      title: 'First',
      actions: [
        {
          id: 'next',
          label: 'Next',
          handler: () => openDialog({ name: 'second', title: 'Second', actions: [] }),
        },
      ],
    });
    await runDialogAction('next');
    expect($dialog.get()?.name).toBe('second');
  });

  it('shows loading while running and keeps the dialog open with the error when it throws', async () => {
    let release: () => void = () => {};
    openDialog({
      name: 'a',
      title: 'A',
      actions: [
        {
          id: 'go',
          label: 'Go',
          handler: () =>
            new Promise<void>((_, reject) => {
              release = () => reject(new Error('boom'));
            }),
        },
      ],
    });
    const pending = runDialogAction('go');
    expect($dialog.get()?.loading).toBe('go');
    release();
    expect(await pending).toBe(false);
    expect($dialog.get()?.loading).toBeNull();
    expect($dialog.get()?.error).toBe('boom');
  });

  it('keeps only one dialog or overlay open', () => {
    openOverlay({ name: 'o', content: null, actions: {} });
    openDialog({ name: 'd', title: 'D', actions: [] });
    expect($overlay.get()).toBeNull();
    openOverlay({ name: 'o2', content: null, actions: {} });
    expect($dialog.get()).toBeNull();
    expect(isModalOpen()).toBe(true);
  });
});

describe('overlays', () => {
  it('closes only when complete succeeds', async () => {
    openOverlay({
      name: 'o',
      content: null,
      actions: { retry: () => {}, complete: async () => {} },
    });
    expect(await runOverlayAction('retry')).toBe(true);
    expect($overlay.get()?.loading).toBeNull();
    expect($overlay.get()).not.toBeNull();
    expect(await runOverlayAction('complete')).toBe(true);
    expect($overlay.get()).toBeNull();
    expect(isModalOpen()).toBe(false);
  });

  it('clears loading and stays open when an action throws', async () => {
    openOverlay({
      name: 'o',
      content: null,
      actions: {
        complete: () => {
          throw new Error('no');
        },
      },
    });
    expect(await runOverlayAction('complete')).toBe(false);
    expect($overlay.get()?.loading).toBeNull();
    expect($overlay.get()?.name).toBe('o');
  });
});
