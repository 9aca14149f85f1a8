import { describe, expect, it } from 'vitest';
import { exitUrlsFromQuery, parseExitUrls } from '../exit-url/exit-url.rules.ts';
import {
  directCredentials,
  directSigningPath,
  isDirectSignPath,
  maskEmail,
  maskMobile,
} from './direct-sign.constants.ts';
import { directPagePath, secondsLeft, toE164 } from './direct-sign.rules.ts';

describe('toE164', () => {
  it.each([
    ['+41 79 123 45 67', '+41791234567'],
    ['+39 347 555 0142', '+393475550142'],
    ['0041 79 123 45 67', '+41791234567'],
    ['+49 (0)30-1234567', '+490301234567'],
    ['+1.415.555.0100', '+14155550100'],
    ['079 123 45 67', null],
    ['+0 79 123 45 67', null],
    ['+41 79', null],
    ['+41 79 123 45 67 89 01 23', null],
    ['+41 79 abc 45 67', null],
    ['', null],
  ])('%j → %j', (value, expected) => {
    expect(toE164(value)).toBe(expected);
  });
});

describe('the signing link', () => {
  it('is /view/{id}/{userid}; its Basic credentials are the request id and the userid', () => {
    expect(directSigningPath('r-1', 'u_2')).toBe('/view/r-1/u_2');
    expect(directCredentials('r-1', 'u_2')).toEqual({ username: 'r-1', password: 'u_2' });
  });

  it.each([
    ['/view/0b1f/abc', true],
    ['/view/0b1f/abc/', true],
    ['/view/0b1f', false],
    ['/direct-sign/identification/1/2', true],
    ['/direct-sign', true],
    ['/signed', true],
    ['/declined', true],
    ['/expired', true],
    ['/not-available', true],
    ['/mab/redirect', true],
    ['/dashboard', false],
    ['/view/1/2/3', false],
    ['/signedup', false],
  ])('%s is a direct-sign page: %s', (path, expected) => {
    expect(isDirectSignPath(path)).toBe(expected);
  });
});

describe('masking', () => {
  it('shows the last two digits of a number and the first letter and domain of an address', () => {
    expect(maskMobile('+41791234567')).toBe('•••• 67');
    expect(maskEmail('giulia.rossi@example.it')).toBe('g•••@example.it');
    expect(maskEmail('broken')).toBe('•••');
  });
});

describe('secondsLeft', () => {
  it('counts down whole seconds and stops at zero', () => {
    expect(secondsLeft(1000, 10, 1000)).toBe(10);
    expect(secondsLeft(1000, 10, 1999)).toBe(10);
    expect(secondsLeft(1000, 10, 2000)).toBe(9);
    expect(secondsLeft(1000, 10, 11_000)).toBe(0);
    expect(secondsLeft(1000, 10, 60_000)).toBe(0);
  });
});

describe('directPagePath', () => {
  it('carries the exit-url state and the language to the next page', () => {
    const exit = parseExitUrls({ exitUrl: 'https://a.example/x?y=1', timeout: '20' });
    const path = directPagePath('/signed', exit, 'it');
    const url = new URL(path, 'http://x');
    expect(url.pathname).toBe('/signed');
    expect(exitUrlsFromQuery(url.searchParams)).toEqual(exit);
    expect(url.searchParams.get('lang')).toBe('it');
    expect(directPagePath('/not-available', parseExitUrls({}))).toBe('/not-available?via=direct');
  });
});
