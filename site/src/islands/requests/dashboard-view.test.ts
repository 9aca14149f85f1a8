import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEW,
  listParams,
  matchesFilters,
  parseSavedView,
  serialiseSavedView,
  type TSavedView,
} from './dashboard-view.ts';

describe('saved view cookie', () => {
  it('round-trips every field', () => {
    const view: TSavedView = {
      filters: ['completed', 'to-sign'],
      dates: { from: '2026-01-01', to: '2026-02-01' },
      currentTimeMode: 'created',
      sentByMe: true,
      sort: { by: 'title', order: 'asc' },
      view: 'compact',
      pageSize: 100,
    };
    expect(parseSavedView(serialiseSavedView(view))).toEqual(view);
  });

  it('falls back field by field on bad input', () => {
    expect(parseSavedView('not json')).toEqual(DEFAULT_VIEW);
    expect(
      parseSavedView(
        JSON.stringify({
          filters: ['bogus', 'waiting', 'waiting'],
          dates: { from: '01.02.2026', to: '2026-13-45' },
          pageSize: 30,
          sort: { by: 'owner', order: 'up' },
        }),
      ),
    ).toEqual({ ...DEFAULT_VIEW, filters: ['waiting'] });
  });
});

describe('listParams', () => {
  it('inbox lists everything but drafts by default', () => {
    expect(listParams('inbox', null, DEFAULT_VIEW, 0)).toMatchObject({
      status: 'OPEN,SIGNED,DECLINED,WITHDRAWN,EXPIRED',
      size: 25,
      sortBy: 'updated_at',
      sortOrder: 'desc',
      page: 0,
    });
  });

  it('drafts are my DRAFT requests whatever the filters', () => {
    const p = listParams('drafts', null, { ...DEFAULT_VIEW, filters: ['completed'] }, 2);
    expect(p).toMatchObject({ status: 'DRAFT', sendBy: 'me', page: 2 });
  });

  it('maps colours to statuses and carries search text, dates and sent-by-me', () => {
    const view: TSavedView = {
      ...DEFAULT_VIEW,
      filters: ['cancelled', 'waiting'],
      dates: { from: '2026-03-01', to: null },
      sentByMe: true,
      pageSize: 50,
    };
    expect(listParams('search', 'contract', view, 0)).toMatchObject({
      status: 'OPEN,DECLINED,WITHDRAWN,EXPIRED',
      search: 'contract',
      dateFrom: '2026-03-01',
      sendBy: 'me',
      size: 50,
    });
    expect(listParams('search', null, DEFAULT_VIEW, 0).status).toBeUndefined();
  });

  it('keeps only the chosen one of to-sign and waiting', () => {
    expect(matchesFilters('to-sign', ['waiting'])).toBe(false);
    expect(matchesFilters('waiting', ['waiting'])).toBe(true);
    expect(matchesFilters('completed', [])).toBe(true);
  });
});
