import { describe, expect, it } from 'vitest';
import {
  exitTarget,
  exitUrlsFromQuery,
  exitUrlsToQuery,
  hasExitUrls,
  parseExitUrls,
  parseHttpUrl,
  parseRedirectTimeout,
} from './exit-url.rules.ts';

describe('parseHttpUrl', () => {
  it.each([
    ['https://shop.example.ch/done?x=1', 'https://shop.example.ch/done?x=1'],
    ['http://example.com', 'http://example.com/'],
    ['  https://example.com/a  ', 'https://example.com/a'],
    ['HTTPS://EXAMPLE.COM/a', 'https://example.com/a'],
    ['javascript:alert(1)', null],
    ['data:text/html,hi', null],
    ['ftp://example.com/file', null],
    ['/relative/path', null],
    ['//example.com/x', null],
    ['example.com', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (value, expected) => {
    expect(parseHttpUrl(value)).toBe(expected);
  });
});

describe('parseRedirectTimeout', () => {
  it.each([
    [undefined, 45],
    [null, 45],
    ['', 45],
    ['abc', 45],
    ['Infinity', 45],
    ['0', 0],
    [0, 0],
    ['1', 10],
    ['9', 10],
    ['10', 10],
    ['30', 30],
    ['90', 90],
    ['91', 90],
    ['100000', 90],
    ['-5', 10],
    ['12.7', 12],
    ['0.4', 0],
    [60, 60],
  ])('%j → %s', (value, expected) => {
    expect(parseRedirectTimeout(value)).toBe(expected);
  });
});

describe('parseExitUrls', () => {
  const exit = 'https://shop.example.ch/exit';
  const error = 'https://shop.example.ch/error';
  const decline = 'https://shop.example.ch/decline';

  it('keeps valid URLs and the timeout', () => {
    expect(
      parseExitUrls({
        exitUrl: exit,
        errorUrl: error,
        declineUrl: decline,
        timeout: '20',
        declineRedirect: 'true',
      }),
    ).toEqual({
      exitUrl: exit,
      errorUrl: error,
      declineUrl: decline,
      timeout: 20,
      redirectOnDecline: true,
    });
  });

  it('falls back to the exit URL for missing or invalid error and decline URLs', () => {
    const state = parseExitUrls({ exitUrl: exit, errorUrl: 'javascript:x', declineUrl: undefined });
    expect(state.errorUrl).toBe(exit);
    expect(state.declineUrl).toBe(exit);
    expect(state.timeout).toBe(45);
  });

  it('ignores a non-http exit URL, leaving nothing to fall back to', () => {
    expect(parseExitUrls({ exitUrl: 'javascript:alert(1)' })).toEqual({
      exitUrl: null,
      errorUrl: null,
      declineUrl: null,
      timeout: 45,
      redirectOnDecline: false,
    });
  });

  it.each([
    [{ declineUrl: decline, declineRedirect: '' }, true],
    [{ declineUrl: decline, declineRedirect: true }, true],
    [{ declineUrl: decline }, false],
    [{ declineUrl: decline, declineRedirect: false }, false],
    [{ declineUrl: decline, declineRedirect: null }, false],
    [{ declineRedirect: '1' }, false],
    [{ exitUrl: exit, declineRedirect: '1' }, true],
    [{ declineUrl: 'mailto:a@b.ch', declineRedirect: '1' }, false],
  ])('decline redirect for %j → %s', (input, expected) => {
    expect(parseExitUrls(input).redirectOnDecline).toBe(expected);
  });
});

describe('exitUrlsFromQuery', () => {
  it('reads the link parameters', () => {
    const query = new URLSearchParams({
      exitURL: 'https://a.example/exit',
      declineURL: 'https://a.example/no',
      redirectTimeout: '0',
      declineRedirect: '',
    });
    expect(exitUrlsFromQuery(query)).toEqual({
      exitUrl: 'https://a.example/exit',
      errorUrl: 'https://a.example/exit',
      declineUrl: 'https://a.example/no',
      timeout: 0,
      redirectOnDecline: true,
    });
  });
});

describe('exitUrlsToQuery', () => {
  it.each([
    {
      exitUrl: 'https://shop.example.ch/done?order=1',
      errorUrl: 'https://shop.example.ch/error',
      declineUrl: 'https://shop.example.ch/declined',
      timeout: '30',
      declineRedirect: '1',
    },
    { exitUrl: 'https://shop.example.ch/done' },
    { exitUrl: 'https://shop.example.ch/done', timeout: '0' },
    { exitUrl: 'javascript:alert(1)', declineUrl: 'http://x.example/d', declineRedirect: 'yes' },
    {},
  ])('carries the state of %j through a link unchanged', (input) => {
    const state = parseExitUrls(input);
    expect(exitUrlsFromQuery(exitUrlsToQuery(state))).toEqual(state);
  });

  it('leaves fallbacks and the default timeout out', () => {
    const state = parseExitUrls({ exitUrl: 'https://a.example/x' });
    expect(exitUrlsToQuery(state).toString()).toBe('exitURL=https%3A%2F%2Fa.example%2Fx');
  });
});

describe('exitTarget', () => {
  const all = parseExitUrls({
    exitUrl: 'https://a.example/exit',
    errorUrl: 'https://a.example/error',
    declineUrl: 'https://a.example/decline',
    declineRedirect: '1',
  });
  const exitOnly = parseExitUrls({ exitUrl: 'https://a.example/exit' });

  it('signed → exit, error → error (else exit), declined → decline (else exit) only with the flag', () => {
    expect(exitTarget(all, 'signed')).toBe('https://a.example/exit');
    expect(exitTarget(all, 'error')).toBe('https://a.example/error');
    expect(exitTarget(all, 'declined')).toBe('https://a.example/decline');
    expect(exitTarget(exitOnly, 'error')).toBe('https://a.example/exit');
    expect(exitTarget(exitOnly, 'declined')).toBeNull();
    const flagged = parseExitUrls({ exitUrl: 'https://a.example/exit', declineRedirect: '1' });
    expect(exitTarget(flagged, 'declined')).toBe('https://a.example/exit');
    expect(hasExitUrls(parseExitUrls({ exitUrl: 'data:text/html,x' }))).toBe(false);
  });
});
