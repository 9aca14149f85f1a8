import { describe, expect, it } from 'vitest';
import { findControlCharacter, hasControlCharacter } from './text.rules.ts';

describe('hasControlCharacter', () => {
  it('refuses NUL, other C0 and C1 characters, DEL and lone surrogates', () => {
    for (const bad of [
      '\u0000',
      'a\u0001b',
      '\u001b[31m',
      '\u007f',
      '\u0085',
      '\u009f',
      '\ud800',
      'x\udc00',
    ]) {
      expect(hasControlCharacter(bad), JSON.stringify(bad)).toBe(true);
    }
  });

  it('accepts text in any language, emoji, and tab, line feed, carriage return', () => {
    for (const good of [
      'Zażółć gęślą jaźń',
      'Ξεσκεπάζω',
      'Grüße\nZeile 2\r\n\tEnde',
      '👩‍💼 ✍️',
      '',
    ]) {
      expect(hasControlCharacter(good), good).toBe(false);
    }
  });
});

describe('findControlCharacter', () => {
  it('names the path of the first bad string or key', () => {
    expect(findControlCharacter({ a: 'ok', b: [{ c: 'x\u0000' }] })).toEqual(['b', 0, 'c']);
    expect(findControlCharacter({ 'bad\u0000key': 1 })).toEqual(['bad\u0000key']);
    expect(findControlCharacter(['fine', 42, null, { deep: ['ok'] }])).toBeNull();
    expect(findControlCharacter('\u0000')).toEqual([]);
  });
});
