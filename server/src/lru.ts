/**
 * A map that keeps what was used last: at most `entries` entries and, with `weigh`, at most
 * `weight` in all (bytes, say); the least recently used leave first. A value heavier than
 * `weight` on its own is not kept. For the in-process caches of derived data (a parsed document,
 * a deflated stream, a decoded image), which a miss only recomputes.
 */
export class Lru<K, V> {
  readonly #map = new Map<K, V>();
  readonly #entries: number;
  readonly #weight: number;
  readonly #weigh: (value: V) => number;
  #total = 0;

  constructor(limits: { entries: number; weight?: number; weigh?: (value: V) => number }) {
    this.#entries = limits.entries;
    this.#weight = limits.weight ?? Number.POSITIVE_INFINITY;
    this.#weigh = limits.weigh ?? (() => 0);
  }

  /** The value of `key`, now the most recently used; undefined when it is not kept. */
  get(key: K): V | undefined {
    const value = this.#map.get(key);
    if (value === undefined) return undefined;
    this.#map.delete(key);
    this.#map.set(key, value);
    return value;
  }

  /** Whether `key` is kept (not a use). */
  has(key: K): boolean {
    return this.#map.has(key);
  }

  /** Keeps `value` as the most recently used; the least recently used leave while over. */
  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.#weigh(value);
    if (weight > this.#weight) return;
    this.#map.set(key, value);
    this.#total += weight;
    for (const oldest of this.#map.keys()) {
      if (this.#map.size <= this.#entries && this.#total <= this.#weight) break;
      this.delete(oldest);
    }
  }

  /** Drops `key`; its value, or undefined when it was not kept. */
  delete(key: K): V | undefined {
    const value = this.#map.get(key);
    if (value === undefined) return undefined;
    this.#map.delete(key);
    this.#total -= this.#weigh(value);
    return value;
  }
}
