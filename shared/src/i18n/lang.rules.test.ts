import { describe, expect, it } from 'vitest';
import { codeFromLang, LANG_CODES, LANGS, langFromCode, toLang } from './lang.rules.ts';

describe('langFromCode', () => {
  it.each([
    ['en', {}, 'en-gb'],
    ['de', {}, 'de-ch'],
    ['fr', {}, 'fr-ch'],
    ['it', {}, undefined],
    ['it', { directSign: false }, undefined],
    ['it', { directSign: true }, 'it'],
    ['DE', {}, 'de-ch'],
    [' fr ', {}, 'fr-ch'],
    ['es', {}, undefined],
    ['de-ch', {}, undefined],
    ['', {}, undefined],
    [null, {}, undefined],
    [undefined, { directSign: true }, undefined],
  ])('%j %j → %j', (code, context, expected) => {
    expect(langFromCode(code, context)).toBe(expected);
  });
});

describe('codeFromLang', () => {
  it('maps every language to its code and back', () => {
    expect(LANGS.map(codeFromLang)).toEqual(['en', 'de', 'fr', 'it']);
    for (const lang of LANGS) {
      expect(langFromCode(codeFromLang(lang), { directSign: true })).toBe(lang);
    }
    for (const code of LANG_CODES) {
      const lang = langFromCode(code, { directSign: true });
      expect(lang && codeFromLang(lang)).toBe(code);
    }
  });
});

describe('toLang', () => {
  it.each([
    ['de-ch', {}, 'de-ch'],
    ['DE-CH', {}, 'de-ch'],
    ['en', {}, 'en-gb'],
    ['it', {}, undefined],
    ['it', { directSign: true }, 'it'],
    ['fr-fr', {}, undefined],
    [undefined, {}, undefined],
  ])('%j %j → %j', (value, context, expected) => {
    expect(toLang(value, context)).toBe(expected);
  });
});
