import { describe, expect, it } from 'vitest';
import { assertPublicTarget, checkCallbackUrls, isPrivateAddress } from './callback-address.ts';

const production = { mode: 'production' } as const;
const development = { mode: 'development' } as const;

describe('callback addresses', () => {
  it('knows loopback, private, link-local and mapped addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0.0.0.0',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '2a00:1450:4001:800::200e', '193.5.1.1']) {
      expect(isPrivateAddress(ip), ip).toBe(false);
    }
  });

  it('refuses loopback and private targets in production only', () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://localhost/hook',
      'http://[::1]/x',
      'https://10.0.0.5/x',
      'http://api.localhost/x',
    ]) {
      expect(() => checkCallbackUrls(production, { callback_success_url: url }), url).toThrow(
        expect.objectContaining({ code: 'INVALID_CALLBACK_URL', status: 400 }),
      );
      expect(checkCallbackUrls(development, { callback_success_url: url })).toEqual({
        callback_success_url: url,
      });
    }
    expect(
      checkCallbackUrls(production, {
        callback_update_url: 'https://hooks.example.com/signet',
        callback_error_url: undefined,
      }),
    ).toEqual({ callback_update_url: 'https://hooks.example.com/signet' });
    expect(checkCallbackUrls(production, {})).toBeNull();
  });

  it('checks again what a name resolves to before calling it', async () => {
    await expect(assertPublicTarget(production, new URL('http://127.0.0.1/x'))).rejects.toThrow(
      /private address/,
    );
    await expect(assertPublicTarget(production, new URL('http://localhost/x'))).rejects.toThrow(
      /private address/,
    );
    await expect(assertPublicTarget(development, new URL('http://127.0.0.1/x'))).resolves.toBe(
      undefined,
    );
  });
});
