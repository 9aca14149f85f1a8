import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $directSign,
  directAction,
  exitQueryOf,
  pollSignatureState,
  startDirectSession,
  updateDirectSession,
} from './direct-sign.ts';

describe('the direct-sign session', () => {
  it('starts OPEN with the exit URLs of the link (only http(s) ones)', () => {
    const session = startDirectSession(
      { requestId: 'r', userId: 'u' },
      '?exitURL=https%3A%2F%2Fshop.example%2Fok&errorURL=javascript%3Aalert(1)&redirectTimeout=3',
      'it',
    );
    expect(session.signatureState).toBe('OPEN');
    expect(session.exit).toEqual({
      exitUrl: 'https://shop.example/ok',
      errorUrl: 'https://shop.example/ok',
      declineUrl: 'https://shop.example/ok',
      timeout: 10,
      redirectOnDecline: false,
    });
    expect(exitQueryOf(session)).toBe('exitURL=https%3A%2F%2Fshop.example%2Fok&redirectTimeout=10');
  });
});

describe('pollSignatureState', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    startDirectSession({ requestId: 'r', userId: 'u' }, '', 'en');
  });
  afterEach(() => vi.useRealTimers());

  it('reads every 5 s while the signature is open, and stops once it changed', async () => {
    const load = vi.fn(async () => {
      if (load.mock.calls.length === 3) updateDirectSession({ signatureState: 'SIGNED' });
    });
    pollSignatureState(load);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(load).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(load).toHaveBeenCalledTimes(3);
    expect($directSign.get()?.signatureState).toBe('SIGNED');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('goes on while WAITING, stops when aborted, and survives a failed read', async () => {
    updateDirectSession({ signatureState: 'WAITING' });
    const load = vi.fn(async () => {
      if (load.mock.calls.length === 1) throw new Error('offline');
    });
    const stop = pollSignatureState(load);
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(load).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe("the status poll and the signer's own action (real timers)", () => {
  const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  it('drops a read that was under way when signing started, and reads nothing while it runs', async () => {
    startDirectSession({ requestId: 'r', userId: 'u' }, '', 'en');
    // The server's view: the request is open until the sign call lands, then gone (404).
    let signed = false;
    const answers: { at: 'before' | 'during' | 'after'; stale: boolean; answer: string }[] = [];
    let signing: Promise<void> | null = null;
    const stop = pollSignatureState(async (stale) => {
      const at = signing === null ? 'before' : signed ? 'after' : 'during';
      // The first read starts the sign call while it is on the wire (the race of the trace).
      if (signing === null) {
        signing = directAction(async () => {
          await pause(80);
          signed = true;
        }).then(() => updateDirectSession({ signatureState: 'SIGNED' }));
      }
      await pause(120);
      answers.push({ at, stale: stale(), answer: signed ? '404' : 'OPEN' });
    }, 10);
    await pause(60);
    await signing;
    await pause(100);
    stop();
    // Only the read begun before signing ran; it answered 404 after the sign call and was stale,
    // so its "not available" could not replace "signed".
    expect(answers).toEqual([{ at: 'before', stale: true, answer: '404' }]);
    expect($directSign.get()?.signatureState).toBe('SIGNED');
  });

  it('reads again after a failed sign call, with answers no longer stale', async () => {
    startDirectSession({ requestId: 'r', userId: 'u' }, '', 'en');
    await directAction(async () => {
      throw new Error('TAN wrong');
    }).catch(() => {});
    const stale: boolean[] = [];
    let third: () => void = () => {};
    const threeReads = new Promise<void>((resolve) => {
      third = resolve;
    });
    const stop = pollSignatureState(async (isStale) => {
      stale.push(isStale());
      if (stale.length === 3) third();
    }, 10);
    await threeReads;
    stop();
    expect(stale.every((s) => !s)).toBe(true);
  });
});
