import { describe, expect, it } from 'vitest';
import {
  isBlank,
  isDomain,
  isEmail,
  isInRange,
  isInteger,
  isMobile,
  isPhone,
  normaliseEmailQuery,
} from './validation.rules.ts';

describe('isEmail', () => {
  it.each([
    ['anna@example.ch', true],
    ['anna.muster@example.co.uk', true],
    ['a+tag@sub.example.com', true],
    ["o'brien@example.ie", true],
    ['x@ex-ample.de', true],
    ['UPPER@EXAMPLE.COM', true],
    ['a@b.cd', true],
    ['', false],
    ['@example.com', false],
    ['anna@', false],
    ['anna', false],
    ['.anna@example.com', false],
    ['anna..muster@example.com', false],
    ['anna.@example.com', false],
    ['anna@example', false],
    ['anna@example.c', false],
    ['anna@example.c0m', false],
    ['anna@example.123', false],
    ['anna@-example.com', false],
    ['anna@example-.com', false],
    ['anna@exa mple.com', false],
    ['an na@example.com', false],
    ['anna@example..com', false],
    [' anna@example.com', false],
    ['anna@@example.com', false],
    [`${'a'.repeat(65)}@example.com`, false],
    [`${'a'.repeat(64)}@example.com`, true],
    [`anna@${'a'.repeat(64)}.com`, false],
    [`anna@${'a'.repeat(63)}.com`, true],
  ])('%s → %s', (value, expected) => {
    expect(isEmail(value)).toBe(expected);
  });

  it('refuses addresses longer than 254 characters', () => {
    const domain = `${Array.from({ length: 4 }, () => 'a'.repeat(60)).join('.')}.ch`;
    expect(isEmail(`ab@${domain}`)).toBe(true);
    expect(isEmail(`abcdefghij@${domain}`)).toBe(false);
  });
});

describe('isDomain', () => {
  it.each([
    ['example.com', true],
    ['sub.example.co.uk', true],
    ['xn--bcher-kva.ch', true],
    ['a-b.io', true],
    ['9gag.com', true],
    [`${'a'.repeat(63)}.com`, true],
    [`${'a'.repeat(64)}.com`, false],
    ['example', false],
    ['example.c', false],
    ['example.12', false],
    ['-example.com', false],
    ['example-.com', false],
    ['exa_mple.com', false],
    ['.example.com', false],
    ['example.com.', false],
    ['example..com', false],
    ['', false],
  ])('%s → %s', (value, expected) => {
    expect(isDomain(value)).toBe(expected);
  });
});

describe('isPhone', () => {
  it.each([
    ['0791234567', true],
    ['+0791234567', true],
    ['079-123-4567', true],
    ['079 123 4567', true],
    ['079.123.4567', true],
    ['(079) 123 4567', true],
    ['+(041)791234567', true],
    ['079123456789', true],
    ['0791234567890', false],
    ['079123456', false],
    ['079--123-4567', false],
    ['(079 123 4567', false],
    ['079) 123 4567', false],
    ['++0791234567', false],
    ['079-123-45a7', false],
    ['', false],
    ['+41 79 123 45 67', false],
  ])('%s → %s', (value, expected) => {
    expect(isPhone(value)).toBe(expected);
  });
});

describe('isMobile', () => {
  it.each([
    ['+41 79 123 45 67', true],
    ['079/123 45 67', true],
    ['0048 601 234 567', true],
    ['+30 (694) 123-4567', true],
    ['1234567', true],
    ['+123456789012345', true],
    ['079 12', false],
    ['123456', false],
    ['+1234567890123456', false],
    ['079 123 45 6a', false],
    ['++41 79 123 45 67', false],
    ['', false],
  ])('%s → %s', (value, expected) => {
    expect(isMobile(value)).toBe(expected);
  });
});

describe('isBlank', () => {
  it.each([
    [undefined, true],
    [null, true],
    ['', true],
    ['   ', true],
    ['\t\n', true],
    ['a', false],
    [' a ', false],
  ])('%j → %s', (value, expected) => {
    expect(isBlank(value)).toBe(expected);
  });
});

describe('isInteger', () => {
  it.each([
    ['0', true],
    ['42', true],
    ['-7', true],
    ['+7', true],
    [12, true],
    [-12, true],
    ['', false],
    [' 1', false],
    ['1.5', false],
    ['1.0', false],
    ['1e3', false],
    ['abc', false],
    ['-', false],
    ['99999999999999999999', false],
    [1.5, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('%j → %s', (value, expected) => {
    expect(isInteger(value)).toBe(expected);
  });
});

describe('isInRange', () => {
  it.each([
    [5, 1, 10, true],
    [1, 1, 10, true],
    [10, 1, 10, true],
    [0, 1, 10, false],
    [11, 1, 10, false],
    [1_000_000, 1, undefined, true],
    [0, 1, undefined, false],
    [Number.NaN, 0, undefined, false],
  ])('%s in [%s, %s] → %s', (value, min, max, expected) => {
    expect(isInRange(value, min, max)).toBe(expected);
  });
});

describe('normaliseEmailQuery', () => {
  it.each([
    ['Anna@Example.CH', 'anna@example.ch'],
    ['  anna@example.ch ', 'anna@example.ch'],
    ['not-an-email', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
    ['.anna@example.ch', undefined],
  ])('%j → %j', (value, expected) => {
    expect(normaliseEmailQuery(value)).toBe(expected);
  });
});
