import { describe, expect, it } from 'vitest';
import {
  exponentialBackoff,
  isRetryStatus,
  PAGE_IMAGE_RETRY,
  pageImageRetryDelay,
  parseRetryAfter,
} from './retry.ts';

const now = Date.parse('2025-03-01T12:00:00Z');

describe('parseRetryAfter', () => {
  it.each([
    ['5', 5000],
    [' 0 ', 0],
    ['120', 120_000],
    ['Sat, 01 Mar 2025 12:00:30 GMT', 30_000],
    ['Sat, 01 Mar 2025 11:00:00 GMT', 0],
    ['-1', undefined],
    ['1.5', undefined],
    ['soon', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('%j → %j', (header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });
});

describe('exponentialBackoff', () => {
  it('doubles from the base and stops at the cap', () => {
    expect(Array.from({ length: 8 }, (_, i) => exponentialBackoff(i, 100, 5000))).toEqual([
      100, 200, 400, 800, 1600, 3200, 5000, 5000,
    ]);
  });
});

describe('isRetryStatus', () => {
  it.each([
    [408, true],
    [409, true],
    [425, true],
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [504, true],
    [400, false],
    [401, false],
    [404, false],
    [501, false],
    [505, false],
  ])('%s → %s', (status, expected) => {
    expect(isRetryStatus(status)).toBe(expected);
  });
});

describe('pageImageRetryDelay', () => {
  it('waits 100 ms doubling, capped at 5 s, then gives up after 10 retries', () => {
    const waits = Array.from({ length: 12 }, (_, attempt) =>
      pageImageRetryDelay({ attempt, status: 500 }, now),
    );
    expect(waits).toEqual([100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000, 5000, null, null]);
    expect(waits.filter((w) => w !== null)).toHaveLength(PAGE_IMAGE_RETRY.retries);
  });

  it.each([
    [{ attempt: 0, status: 503, retryAfter: '3' }, 3000],
    [{ attempt: 7, status: 503, retryAfter: '1' }, 1000],
    [{ attempt: 2, status: 503, retryAfter: 'Sat, 01 Mar 2025 12:00:08 GMT' }, 8000],
    [{ attempt: 2, status: 503 }, 400],
    [{ attempt: 2, status: 503, retryAfter: 'garbage' }, 400],
    [{ attempt: 2, status: 429, retryAfter: '3' }, 400],
    [{ attempt: 0 }, 100],
    [{ attempt: 3, status: 404 }, null],
    [{ attempt: 0, status: 400 }, null],
    [{ attempt: 10, status: 503, retryAfter: '1' }, null],
  ])('%j → %j', (failure, expected) => {
    expect(pageImageRetryDelay(failure, now)).toBe(expected);
  });
});
