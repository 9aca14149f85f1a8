import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $directSign,
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
