import { describe, expect, it } from 'vitest';
import { checkPasswordPolicy, commonPasswords, isCommonPassword } from './password-policy.ts';

describe('password policy', () => {
  it('ships a list of a few thousand common passwords', () => {
    expect(commonPasswords().size).toBeGreaterThan(3000);
    expect(commonPasswords().has('qwertyuiop')).toBe(true);
  });

  it('needs at least 10 characters (counted as characters, not bytes)', () => {
    expect(checkPasswordPolicy('Zq7!vB2#k')).toBe('TOO_SHORT');
    expect(checkPasswordPolicy('Zq7!vB2#kL')).toBeNull();
    expect(checkPasswordPolicy('äöüäöüäöü')).toBe('TOO_SHORT');
  });

  it('refuses common passwords, in any case and with digits or symbols appended', () => {
    expect(checkPasswordPolicy('password123')).toBe('COMMON');
    expect(checkPasswordPolicy('QwertyUiop')).toBe('COMMON');
    expect(checkPasswordPolicy('Sunshine2024!')).toBe('COMMON');
    expect(isCommonPassword('basketball')).toBe(true);
    expect(isCommonPassword('violet otter lamp')).toBe(false);
  });

  it('refuses passwords containing the e-mail address or its local part', () => {
    expect(checkPasswordPolicy('my anna.meier secret', 'anna.meier@example.ch')).toBe(
      'CONTAINS_EMAIL',
    );
    expect(checkPasswordPolicy('x-ANNA.MEIER@example.ch', 'anna.meier@example.ch')).toBe(
      'CONTAINS_EMAIL',
    );
    expect(checkPasswordPolicy('violet otter lamp', 'anna.meier@example.ch')).toBeNull();
    // A two-letter local part would refuse too much; only the whole address counts then.
    expect(checkPasswordPolicy('jogging in the rain', 'jo@example.ch')).toBeNull();
  });
});
