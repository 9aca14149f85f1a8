import { describe, expect, it, vi } from 'vitest';
import { loadPageImage, type TPageAttempt } from './page-image.ts';

const blob = new Blob(['png']);

function attempts(list: TPageAttempt[]) {
  let i = 0;
  return vi.fn(async () => list[Math.min(i++, list.length - 1)] as TPageAttempt);
}

describe('loadPageImage', () => {
  it('honours Retry-After on 503 while the page renders, then shows it', async () => {
    const waits: number[] = [];
    const once = attempts([
      { ok: false, status: 503, retryAfter: '2' },
      { ok: false, status: 503, retryAfter: null },
      { ok: true, blob },
    ]);
    const result = await loadPageImage(once, { sleep: async (ms) => void waits.push(ms) });
    expect(result).toBe(blob);
    expect(waits).toEqual([2000, 200]);
  });

  it('gives up after 10 retries with doubling waits capped at 5 s and reports it once', async () => {
    const waits: number[] = [];
    const onGiveUp = vi.fn();
    const once = attempts([{ ok: false }]);
    const result = await loadPageImage(once, {
      sleep: async (ms) => void waits.push(ms),
      onGiveUp,
    });
    expect(result).toBeNull();
    expect(once).toHaveBeenCalledTimes(11);
    expect(waits).toEqual([100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000, 5000]);
    expect(onGiveUp).toHaveBeenCalledOnce();
  });

  it('stops at once on a status waiting cannot change', async () => {
    const once = attempts([{ ok: false, status: 404 }]);
    expect(await loadPageImage(once, { sleep: async () => {} })).toBeNull();
    expect(once).toHaveBeenCalledOnce();
  });
});
