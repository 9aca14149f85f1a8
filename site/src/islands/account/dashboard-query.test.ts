import { describe, expect, it } from 'vitest';
import { dashboardRedirect, normaliseDashboardQuery } from './dashboard-query.ts';

const params = (s: string) => new URLSearchParams(s);
const url = (s: string) => new URL(s, 'http://localhost');

describe('normaliseDashboardQuery', () => {
  it('keeps a valid tab', () => {
    expect(normaliseDashboardQuery(params('tab=drafts'), 'search')).toEqual({
      tab: 'drafts',
      q: null,
    });
  });
  it('falls back to the last used tab, then inbox', () => {
    expect(normaliseDashboardQuery(params(''), 'drafts')).toEqual({ tab: 'drafts', q: null });
    expect(normaliseDashboardQuery(params('tab=bogus'), 'nonsense')).toEqual({
      tab: 'inbox',
      q: null,
    });
    expect(normaliseDashboardQuery(params(''), null)).toEqual({ tab: 'inbox', q: null });
  });
  it('keeps q only on the search tab, trimmed, and drops it when blank', () => {
    expect(normaliseDashboardQuery(params('tab=search&q=%20offer%20'), null)).toEqual({
      tab: 'search',
      q: 'offer',
    });
    expect(normaliseDashboardQuery(params('tab=search&q=%20%20'), null)).toEqual({
      tab: 'search',
      q: null,
    });
    expect(normaliseDashboardQuery(params('tab=inbox&q=offer'), null)).toEqual({
      tab: 'inbox',
      q: null,
    });
  });
  it('caps the search text', () => {
    const q = normaliseDashboardQuery(params(`tab=search&q=${'x'.repeat(500)}`), null).q;
    expect(q).toHaveLength(200);
  });
});

describe('dashboardRedirect', () => {
  it('sends the alias and incomplete queries to the normal form', () => {
    expect(dashboardRedirect(url('/'), null)).toBe('/dashboard?tab=inbox');
    expect(dashboardRedirect(url('/dashboard'), 'drafts')).toBe('/dashboard?tab=drafts');
    expect(dashboardRedirect(url('/dashboard?q=x&tab=search&page=2'), null)).toBe(
      '/dashboard?tab=search&q=x',
    );
    expect(dashboardRedirect(url('/dashboard?tab=search&q=a+b'), null)).toBeNull();
  });
  it('leaves a normal query alone', () => {
    expect(dashboardRedirect(url('/dashboard?tab=inbox'), 'drafts')).toBeNull();
    expect(dashboardRedirect(url('/dashboard?tab=search'), null)).toBeNull();
  });
});
