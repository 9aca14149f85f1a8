import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cookieString, cookieValue } from './cookies.ts';
import { SESSION_COOKIE, SESSION_KEYS } from './session.constants.ts';
import {
  clearSession,
  isExpired,
  pathToRemember,
  readToken,
  rememberPath,
  safeRedirectPath,
  takeRememberedPath,
  writeSession,
} from './session.ts';

/** A tab: sessionStorage and a cookie jar that keeps what `document.cookie = …` writes. */
function installTab(cookies: Record<string, string> = {}) {
  const storage = new Map<string, string>();
  const jar = new Map(Object.entries(cookies));
  const g = globalThis as Record<string, unknown>;
  g.sessionStorage = {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
  };
  g.location = { protocol: 'http:', pathname: '/view/abc', search: '?x=1' };
  g.document = {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(text: string) {
      const [pair = '', ...attrs] = text.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      if (attrs.some((a) => a.trim() === 'Max-Age=0')) jar.delete(name);
      else jar.set(name, pair.slice(eq + 1).trim());
    },
  };
  return { storage, jar };
}

afterEach(() => {
  const g = globalThis as Record<string, unknown>;
  delete g.sessionStorage;
  delete g.location;
  delete g.document;
});

describe('the session in a tab', () => {
  let tab: ReturnType<typeof installTab>;
  beforeEach(() => {
    tab = installTab();
  });

  it('keeps the token in the tab and mirrors it in the session cookie', () => {
    writeSession({ token: 'tok-1', expiresAt: '2999-01-01T00:00:00.000Z' });
    expect(tab.storage.get(SESSION_KEYS.token)).toBe('tok-1');
    expect(tab.jar.get(SESSION_COOKIE)).toBe('tok-1');
    expect(readToken()).toBe('tok-1');
    clearSession();
    expect(readToken()).toBeNull();
    expect(tab.jar.has(SESSION_COOKIE)).toBe(false);
  });

  it('forgets a token whose 24 hours are over', () => {
    writeSession({ token: 'old', expiresAt: '2020-01-01T00:00:00.000Z' });
    expect(readToken()).toBeNull();
    expect(tab.storage.has(SESSION_KEYS.token)).toBe(false);
    expect(tab.jar.has(SESSION_COOKIE)).toBe(false);
  });

  it('adopts the token another tab left in the cookie', () => {
    tab = installTab({ [SESSION_COOKIE]: 'from-other-tab' });
    expect(readToken()).toBe('from-other-tab');
    expect(tab.storage.get(SESSION_KEYS.token)).toBe('from-other-tab');
  });

  it('remembers a path once, never /login or /logout, and only paths of this site', () => {
    rememberPath('/view/abc?x=1');
    expect(takeRememberedPath()).toBe('/view/abc?x=1');
    expect(takeRememberedPath()).toBe('/dashboard');
    rememberPath('/login?email=a@b.ch');
    expect(takeRememberedPath()).toBe('/dashboard');
    tab.storage.set(SESSION_KEYS.redirect, '//evil.example/x');
    expect(takeRememberedPath('/welcome')).toBe('/welcome');
  });
});

describe('without a browser', () => {
  it('reads nothing and writes nothing', () => {
    expect(readToken()).toBeNull();
    expect(() => writeSession({ token: 't' })).not.toThrow();
    expect(() => clearSession()).not.toThrow();
  });
});

describe('rules', () => {
  it.each([
    ['/dashboard?tab=drafts', '/dashboard?tab=drafts'],
    ['/view/abc', '/view/abc'],
    ['/login', null],
    ['/login?email=a@b.ch', null],
    ['/logout', null],
    ['/login/', null],
    ['/loginhelp', '/loginhelp'],
    ['/', '/'],
  ])('pathToRemember(%s) → %j', (path, expected) => {
    expect(pathToRemember(path)).toBe(expected);
  });

  it.each([
    ['/view/1', '/view/1'],
    ['https://evil.example', '/dashboard'],
    ['//evil.example', '/dashboard'],
    ['/\\evil.example', '/dashboard'],
    ['/logout', '/dashboard'],
    [null, '/dashboard'],
  ])('safeRedirectPath(%j) → %j', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it('judges the end of a session', () => {
    const now = Date.parse('2030-01-01T12:00:00Z');
    expect(isExpired('2030-01-01T11:59:59Z', now)).toBe(true);
    expect(isExpired('2030-01-01T12:00:01Z', now)).toBe(false);
    expect(isExpired(null, now)).toBe(false);
    expect(isExpired('garbage', now)).toBe(false);
  });

  it('reads and writes cookie strings', () => {
    expect(cookieValue('a=1; signet_tab=t%20k; b=2', 'signet_tab')).toBe('t k');
    expect(cookieValue('a=1', 'signet_tab')).toBeNull();
    expect(cookieValue('x=%E0%A4%A', 'x')).toBe('%E0%A4%A');
    expect(cookieString('n', 'v w', { maxAgeSeconds: 60, secure: true })).toBe(
      'n=v%20w; Path=/; SameSite=Strict; Max-Age=60; Secure',
    );
  });
});
