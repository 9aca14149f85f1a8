import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { ARGON2_PARAMS } from './security/password-hash.ts';

const secret = 'x'.repeat(40);
// Development mode keeps its generated secret in DATA_DIR: never let a test write to ./data.
const scratch = mkdtempSync(join(tmpdir(), 'signet-config-'));
const DATA_DIR = join(scratch, 'data');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('has development defaults', () => {
    const c = loadConfig({ DATA_DIR });
    expect(c).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      mode: 'development',
      platform: 'EU',
      logLevel: 'info',
      dataDir: DATA_DIR,
    });
    expect(loadConfig({ SIGNET_MODE: 'test' }).dataDir).toMatch(/\/data$/);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
  });

  it('hashes passwords at the OWASP argon2id cost in every mode, from no variable', () => {
    for (const SIGNET_MODE of ['development', 'test', 'production'] as const) {
      const env = {
        DATA_DIR,
        SIGNET_MODE,
        SIGNET_SECRET: 'x'.repeat(32),
        PUBLIC_URL: 'https://signet.example.ch',
      };
      expect(loadConfig({ ...env, PASSWORD_HASH_COST: '1' }).passwordHashCost).toEqual(
        ARGON2_PARAMS,
      );
    }
  });

  it('generates a random secret into DATA_DIR on first start and keeps it', () => {
    const dir = join(scratch, 'fresh');
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.warnings.join(' ')).toMatch(/SIGNET_SECRET is not set: generated/);
    expect(first.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = join(dir, 'secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = loadConfig({ DATA_DIR: dir });
    expect(again.secret).toBe(first.secret);
    expect(again.warnings).toEqual([]);
    // Another install gets another secret: nothing fixed or public.
    expect(loadConfig({ DATA_DIR: join(scratch, 'other') }).secret).not.toBe(first.secret);
    // Test mode makes one per process and writes nothing.
    const test = loadConfig({ SIGNET_MODE: 'test', DATA_DIR: join(scratch, 'test-mode') });
    expect(test.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(() => statSync(join(scratch, 'test-mode', 'secret'))).toThrow();
  });

  it('refuses a secret file that was truncated instead of replacing it', () => {
    const dir = join(scratch, 'broken');
    loadConfig({ DATA_DIR: dir });
    writeFileSync(join(dir, 'secret'), 'short\n');
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/shorter than 32/);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '3123',
      PUBLIC_URL: 'https://sign.example.ch/',
      DATA_DIR: '/var/lib/signet',
      DATABASE_URL: 'postgres://u:p@db:5432/signet',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Signet <hello@example.ch>',
      SIGNET_SECRET: secret,
      NODE_ENV: 'production',
      STAFF_EMAIL_DOMAIN: 'Example.CH',
    });
    expect(c).toMatchObject({
      port: 3123,
      publicUrl: 'https://sign.example.ch',
      dataDir: '/var/lib/signet',
      databaseUrl: 'postgres://u:p@db:5432/signet',
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Signet <hello@example.ch>',
      secret,
      mode: 'production',
      platform: 'CH',
      staffEmailDomain: 'example.ch',
      warnings: [],
    });
  });

  it('takes the platform from the host suffix', () => {
    expect(loadConfig({ DATA_DIR, PUBLIC_URL: 'https://signet.example.com' }).platform).toBe('EU');
    expect(loadConfig({ DATA_DIR, PUBLIC_URL: 'https://signet.example.ch' }).platform).toBe('CH');
    expect(loadConfig({ DATA_DIR, PUBLIC_URL: 'https://ch.example.com' }).platform).toBe('EU');
  });

  it('lets SIGNET_MODE win over NODE_ENV', () => {
    expect(loadConfig({ NODE_ENV: 'production', SIGNET_MODE: 'test' }).mode).toBe('test');
    expect(loadConfig({ NODE_ENV: 'test' }).mode).toBe('test');
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
  });

  it('trusts X-Forwarded-For only when TRUST_PROXY says so: hops or addresses', () => {
    expect(loadConfig({ DATA_DIR }).trustProxy).toEqual({ kind: 'none' });
    expect(loadConfig({ DATA_DIR, TRUST_PROXY: '0' }).trustProxy).toEqual({ kind: 'none' });
    expect(loadConfig({ DATA_DIR, TRUST_PROXY: 'true' }).trustProxy).toEqual({
      kind: 'hops',
      hops: 1,
    });
    expect(loadConfig({ DATA_DIR, TRUST_PROXY: '2' }).trustProxy).toEqual({
      kind: 'hops',
      hops: 2,
    });
    expect(loadConfig({ DATA_DIR, TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy).toMatchObject({
      kind: 'addresses',
      list: ['10.0.0.0/8', '::1'],
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'ftp://example.com' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ SIGNET_SECRET: 'short' }, 'SIGNET_SECRET'],
    [{ SIGNET_MODE: 'staging' }, 'SIGNET_MODE'],
    [{ STAFF_EMAIL_DOMAIN: 'not a domain' }, 'STAFF_EMAIL_DOMAIN'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '99' }, 'TRUST_PROXY'],
  ])('rejects %j naming the variable in one line', (env, variable) => {
    let error: unknown;
    try {
      loadConfig(env as Record<string, string>);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const e = error as ConfigError;
    expect(e.variable).toBe(variable);
    expect(e.message).toContain(variable);
    expect(e.message).not.toContain('\n');
  });

  it('never echoes the secret', () => {
    expect(() => loadConfig({ SIGNET_SECRET: 'hunter2' })).toThrow(/SIGNET_SECRET/);
    try {
      loadConfig({ SIGNET_SECRET: 'hunter2' });
    } catch (e) {
      expect((e as Error).message).not.toContain('hunter2');
    }
  });

  it('requires a secret and a public URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://a.example' })).toThrow(
      /SIGNET_SECRET is required/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SIGNET_SECRET: secret })).toThrow(
      /PUBLIC_URL is required/,
    );
  });

  it('treats empty variables as unset', () => {
    const c = loadConfig({ DATA_DIR, PORT: '', DATABASE_URL: '', SMTP_URL: '' });
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
  });

  it('gives new businesses no signer groups unless SIGNER_GROUP_LIMITS says groups/participants', () => {
    expect(loadConfig({ DATA_DIR }).signerGroupLimits).toEqual({
      maxGroups: 0,
      maxParticipants: 0,
    });
    expect(loadConfig({ DATA_DIR, SIGNER_GROUP_LIMITS: '10/50' }).signerGroupLimits).toEqual({
      maxGroups: 10,
      maxParticipants: 50,
    });
    expect(() => loadConfig({ DATA_DIR, SIGNER_GROUP_LIMITS: 'ten' })).toThrow(
      /SIGNER_GROUP_LIMITS/,
    );
  });
});
