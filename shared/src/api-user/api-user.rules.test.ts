import { describe, expect, it } from 'vitest';
import { API_USERNAME_PATTERN } from './api-user.constants.ts';
import { apiUsername, callbackKindOf } from './api-user.rules.ts';

describe('API user rules', () => {
  it('makes usernames of the allowed shape from any name', () => {
    for (const name of [
      'ERP Export',
      'Zażółć gęślą jaźń',
      'Ελληνικά',
      '   ',
      'Müller & Söhne AG',
    ]) {
      const username = apiUsername(name, '0a1b2c3d');
      expect(username).toMatch(API_USERNAME_PATTERN);
    }
    expect(apiUsername('ERP Export', '0a1b2c3d')).toBe('api_erp_export_0a1b2c3d');
    expect(apiUsername('Ελληνικά', '0a1b2c3d')).toBe('api_user_0a1b2c3d');
    expect(apiUsername('Zażółć', 'ffffffff')).toBe('api_zazo_c_ffffffff');
  });

  it('calls back on the steps that change what an integration sees', () => {
    expect(callbackKindOf('completed')).toBe('success');
    expect(callbackKindOf('declined')).toBe('error');
    expect(callbackKindOf('withdrawn')).toBe('error');
    expect(callbackKindOf('signed')).toBe('update');
    expect(callbackKindOf('viewed')).toBeNull();
    expect(callbackKindOf('created')).toBeNull();
  });
});
