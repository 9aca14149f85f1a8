import * as shared from '@signet/shared/i18n/lang.rules';
import { describe, expect, it } from 'vitest';
import { LANGS, langFromBrowser, langFromQuery, linkCode, resolveLang } from './lang.ts';

describe('agreement with shared/i18n/lang.rules', () => {
  it('has the same languages and code mapping', () => {
    expect([...LANGS]).toEqual([...shared.LANGS]);
    for (const lang of LANGS) expect(linkCode(lang)).toBe(shared.codeFromLang(lang));
    for (const code of ['en', 'de', 'fr', 'it', 'DE ', 'es', 'de-ch', 'it']) {
      expect(langFromQuery(code) ?? undefined).toBe(shared.toLang(code));
      expect(langFromQuery(code, true) ?? undefined).toBe(
        shared.toLang(code, { directSign: true }),
      );
    }
  });
});

describe('langFromQuery', () => {
  it('maps link codes to interface languages', () => {
    expect(langFromQuery('en')).toBe('en-gb');
    expect(langFromQuery('de')).toBe('de-ch');
    expect(langFromQuery('FR')).toBe('fr-ch');
  });
  it('ignores it outside direct-sign and unknown codes', () => {
    expect(langFromQuery('it')).toBeNull();
    expect(langFromQuery('it', true)).toBe('it');
    expect(langFromQuery('es')).toBeNull();
    expect(langFromQuery('')).toBeNull();
  });
});

describe('langFromBrowser', () => {
  it('honours quality order of Accept-Language', () => {
    expect(langFromBrowser('es-ES,es;q=0.9,fr-FR;q=0.8,de;q=0.7')).toBe('fr-ch');
    expect(langFromBrowser('en;q=0.5,de-DE')).toBe('de-ch');
  });
  it('skips Italian outside direct-sign', () => {
    expect(langFromBrowser(['it-IT', 'de'])).toBe('de-ch');
    expect(langFromBrowser(['it-IT', 'de'], true)).toBe('it');
    expect(langFromBrowser('ja')).toBeNull();
  });
});

describe('resolveLang', () => {
  it('prefers the user attribute over query and browser', () => {
    expect(resolveLang({ userLang: 'fr-ch', query: 'de', browser: 'en' })).toBe('fr-ch');
  });
  it('uses the query, then an earlier choice, then the browser, then en-gb', () => {
    expect(resolveLang({ query: 'de', chosen: 'fr-ch', browser: 'en' })).toBe('de-ch');
    expect(resolveLang({ chosen: 'fr-ch', browser: 'de' })).toBe('fr-ch');
    expect(resolveLang({ browser: 'de-CH,de;q=0.9' })).toBe('de-ch');
    expect(resolveLang({})).toBe('en-gb');
  });
  it('drops Italian everywhere except direct-sign', () => {
    expect(resolveLang({ userLang: 'it', browser: 'fr' })).toBe('fr-ch');
    expect(resolveLang({ query: 'it', allowIt: true })).toBe('it');
  });
});
