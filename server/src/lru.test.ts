import { describe, expect, it } from 'vitest';
import { Lru } from './lru.ts';

describe('Lru', () => {
  it('drops the least recently used entry over its count; a get is a use', () => {
    const lru = new Lru<string, number>({ entries: 2 });
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect([lru.has('a'), lru.has('b'), lru.has('c')]).toEqual([true, false, true]);
  });

  it('keeps the total weight under its bound, and never keeps a value heavier than it', () => {
    const lru = new Lru<string, Uint8Array>({ entries: 10, weight: 10, weigh: (v) => v.length });
    lru.set('a', new Uint8Array(4));
    lru.set('b', new Uint8Array(4));
    lru.set('c', new Uint8Array(4));
    expect([lru.has('a'), lru.has('b'), lru.has('c')]).toEqual([false, true, true]);
    lru.set('huge', new Uint8Array(11));
    expect([lru.has('huge'), lru.has('b'), lru.has('c')]).toEqual([false, true, true]);
    // Replacing a value counts its new weight only; a deleted one frees its weight.
    lru.set('b', new Uint8Array(2));
    expect(lru.delete('c')?.length).toBe(4);
    lru.set('d', new Uint8Array(8));
    expect([lru.has('b'), lru.has('d')]).toEqual([true, true]);
  });
});
