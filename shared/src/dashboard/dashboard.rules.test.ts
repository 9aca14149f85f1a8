import { describe, expect, it } from 'vitest';
import { dashboardPageSize, dashboardTab, isDashboardTab } from './dashboard.rules.ts';

describe('dashboardTab', () => {
  it.each([
    ['inbox', undefined, 'inbox'],
    ['drafts', 'search', 'drafts'],
    ['search', 'drafts', 'search'],
    [undefined, 'drafts', 'drafts'],
    [null, 'search', 'search'],
    ['', 'drafts', 'drafts'],
    ['archive', 'drafts', 'drafts'],
    ['INBOX', undefined, 'inbox'],
    ['archive', 'bogus', 'inbox'],
    [undefined, undefined, 'inbox'],
  ])('query %j, last %j → %s', (query, last, expected) => {
    expect(dashboardTab(query, last)).toBe(expected);
  });

  it('guards the type', () => {
    expect(isDashboardTab('drafts')).toBe(true);
    expect(isDashboardTab(1)).toBe(false);
    expect(isDashboardTab('toString')).toBe(false);
  });
});

describe('dashboardPageSize', () => {
  it.each([
    [25, 25],
    [50, 50],
    ['100', 100],
    [30, 25],
    ['abc', 25],
    [undefined, 25],
  ])('%j → %s', (value, expected) => {
    expect(dashboardPageSize(value)).toBe(expected);
  });
});
