import { describe, expect, it } from 'vitest';
import { dayOfExpiry, dayProblem, expiryOfDay } from './schedule.ts';

describe('expiry days', () => {
  it('a day means its last minute, local time, and reads back as the same day', () => {
    const iso = expiryOfDay('2027-03-14') as string;
    const at = new Date(iso);
    expect([at.getFullYear(), at.getMonth(), at.getDate(), at.getHours(), at.getMinutes()]).toEqual(
      [2027, 2, 14, 23, 59],
    );
    expect(dayOfExpiry(iso)).toBe('2027-03-14');
    expect(expiryOfDay('2027-02-30')).toBeNull();
    expect(expiryOfDay('14.03.2027')).toBeNull();
    expect(dayOfExpiry(null)).toBe('');
  });

  it('takes today (until its last hour) up to a year ahead', () => {
    const now = new Date(2027, 2, 14, 9, 0);
    expect(dayProblem('', now)).toBeNull();
    expect(dayProblem('2027-03-14', now)).toBeNull();
    expect(dayProblem('2027-03-13', now)).toBe('past');
    expect(dayProblem('2028-06-01', now)).toBe('tooLate');
    expect(dayProblem('2027-03-14', new Date(2027, 2, 14, 23, 30))).toBe('past');
  });
});
