import { describe, expect, it } from 'vitest';
import {
  ARGON2_PARAMS,
  hashPassword,
  needsRehash,
  parseArgon2id,
  verifyPassword,
} from './password-hash.ts';

describe('argon2id password hashing', () => {
  it('produces a PHC string with the configured cost, a 16-byte salt and a 32-byte hash', async () => {
    const encoded = await hashPassword('a long passphrase 42');
    expect(encoded).toMatch(
      new RegExp(
        `^\\$argon2id\\$v=19\\$m=${ARGON2_PARAMS.memory},t=${ARGON2_PARAMS.passes},p=${ARGON2_PARAMS.parallelism}\\$[A-Za-z0-9+/]{22}\\$[A-Za-z0-9+/]{43}$`,
      ),
    );
    const parsed = parseArgon2id(encoded);
    expect(parsed?.salt.length).toBe(16);
    expect(parsed?.hash.length).toBe(32);
    expect(needsRehash(encoded)).toBe(false);
  });

  it('verifies its own strings and refuses other passwords', async () => {
    const encoded = await hashPassword('Grüezi mitenand 2024');
    expect(await verifyPassword(encoded, 'Grüezi mitenand 2024')).toBe(true);
    expect(await verifyPassword(encoded, 'grüezi mitenand 2024')).toBe(false);
    expect(await verifyPassword(encoded, '')).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([
      hashPassword('same password!'),
      hashPassword('same password!'),
    ]);
    expect(a).not.toBe(b);
  });

  it('verifies a string made by another implementation (argon2-cffi README example)', async () => {
    const reference =
      '$argon2id$v=19$m=65536,t=3,p=4$MIIRqgvgQbgj220jfp0MPA$YfwJSVjtjSU0zzV/P3S9nnQ/USre2wvJMjfCIjrTQbg';
    expect(await verifyPassword(reference, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(reference, 'correct horse battery stapler')).toBe(false);
    // Weaker salt/params than ours: flagged for rehashing at the next login.
    expect(
      needsRehash(
        '$argon2id$v=19$m=4096,t=1,p=1$MIIRqgvgQbgj220jfp0MPA$YfwJSVjtjSU0zzV/P3S9nnQ/USre2wvJMjfCIjrTQbg',
      ),
    ).toBe(true);
  });

  it('refuses malformed or other-variant strings instead of throwing', async () => {
    for (const bad of [
      '',
      'plaintext',
      '$argon2i$v=19$m=65536,t=2,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG',
      '$argon2id$v=16$m=65536,t=3,p=4$MIIRqgvgQbgj220jfp0MPA$YfwJSVjtjSU0zzV/P3S9nnQ/USre2wvJMjfCIjrTQbg',
      '$argon2id$v=19$m=99999999,t=3,p=4$MIIRqgvgQbgj220jfp0MPA$YfwJSVjtjSU0zzV/P3S9nnQ/USre2wvJMjfCIjrTQbg',
    ]) {
      expect(await verifyPassword(bad, 'correct horse battery staple')).toBe(false);
    }
  });
});
