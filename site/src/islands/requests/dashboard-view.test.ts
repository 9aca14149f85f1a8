import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEW,
  listParams,
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

  it('reads a view saved before cancelled was told apart as all three', () => {
    expect(parseSavedView(JSON.stringify({ filters: ['cancelled', 'waiting'] })).filters).toEqual([
      'declined',
      'withdrawn',
      'expired',
      'waiting',
    ]);
  });
});

describe('listParams', () => {
  it('inbox lists every colour but drafts by default', () => {
    expect(listParams('inbox', null, DEFAULT_VIEW, 0)).toMatchObject({
      colour: 'to-sign,waiting,completed,cancelled',
      size: 25,
      sortBy: 'updated_at',
      sortOrder: 'desc',
      page: 0,
    });
  });

  it('drafts are my drafts whatever the filters', () => {
    const p = listParams('drafts', null, { ...DEFAULT_VIEW, filters: ['completed'] }, 2);
    expect(p).toMatchObject({ colour: 'draft', sendBy: 'me', page: 2 });
  });

  it('asks the server for the chosen colours only, with search text, dates and sent-by-me', () => {
    const view: TSavedView = {
      ...DEFAULT_VIEW,
      filters: ['waiting', 'declined'],
      dates: { from: '2026-03-01', to: null },
      sentByMe: true,
      pageSize: 50,
    };
    expect(listParams('search', 'contract', view, 0)).toMatchObject({
      colour: 'waiting,cancelled',
      status: 'OPEN,DECLINED',
      search: 'contract',
      dateFrom: '2026-03-01',
      sendBy: 'me',
      size: 50,
    });
    expect(listParams('search', null, DEFAULT_VIEW, 0).colour).toBeUndefined();
    // to-sign and waiting are both OPEN: the colour, not the status, tells them apart.
    expect(listParams('inbox', null, { ...DEFAULT_VIEW, filters: ['to-sign'] }, 0)).toMatchObject({
      colour: 'to-sign',
    });
    expect(listParams('inbox', null, { ...DEFAULT_VIEW, filters: ['to-sign'] }, 0).status).toBe(
      undefined,
    );
  });
});
