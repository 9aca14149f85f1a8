import { describe, expect, it } from 'vitest';
import { exportFileName } from '../business/business.rules.ts';
import { activityPeriod, periodBounds } from './activity.rules.ts';

describe('activityPeriod', () => {
  const today = new Date('2026-11-23T10:00:00Z');
  it.each([
    [{}, { start: '2025-12-01', end: '2026-11-23' }],
    [{ end_date: '2026-03-15' }, { start: '2025-04-01', end: '2026-03-15' }],
    [{ start_date: '2026-01-01' }, { start: '2026-01-01', end: '2026-11-23' }],
    [
      { start_date: '2026-02-01', end_date: '2026-02-28' },
      { start: '2026-02-01', end: '2026-02-28' },
    ],
  ])('%j → %j', (query, expected) => {
    expect(activityPeriod(query, today)).toEqual(expected);
  });

  it('covers the end day to its last moment', () => {
    const { from, to } = periodBounds({ start: '2026-02-01', end: '2026-02-28' });
    expect(from.toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(to.toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});

describe('exportFileName (spec section 9)', () => {
  const period = { start: '2026-01-01', end: '2026-03-31' };
  it.each([
    ['signatures', undefined, 'signature_usage_2026-01-01_2026-03-31.csv'],
    ['signatures', 'member', 'signature_usage_2026-01-01_2026-03-31.csv'],
    ['signatures', 'cost_centre', 'cost_centre_report_2026-01-01_2026-03-31.csv'],
    ['identifications', undefined, 'identifications_2026-01-01_2026-03-31.csv'],
  ] as const)('%s grouped by %s → %s', (kind, group, name) => {
    expect(exportFileName(kind, period, group)).toBe(name);
  });
});
