import { describe, expect, it } from 'vitest';
import { consoleRole, decideAccess } from './access.ts';

describe('decideAccess', () => {
  it('lets admins into admin pages and upgrade, and sends them from registration to the profile', () => {
    expect(decideAccess('admin', 'admin')).toEqual({ kind: 'allow' });
    expect(decideAccess('user-or-admin-strict', 'admin')).toEqual({ kind: 'allow' });
    for (const access of ['user-strict', 'unauthenticated'] as const) {
      expect(decideAccess(access, 'admin')).toEqual({ kind: 'redirect', to: '/profile' });
    }
  });

  it('refuses plain members everywhere and sends them to the site', () => {
    for (const access of ['admin', 'user-strict', 'user-or-admin-strict'] as const) {
      expect(decideAccess(access, 'member')).toEqual({ kind: 'not-allowed', to: '/' });
    }
  });

  it('sends users without a business to registration, and lets them register and upgrade', () => {
    expect(decideAccess('admin', 'user')).toEqual({ kind: 'redirect', to: '/register' });
    expect(decideAccess('unauthenticated', 'user')).toEqual({ kind: 'redirect', to: '/register' });
    expect(decideAccess('user-strict', 'user')).toEqual({ kind: 'allow' });
    expect(decideAccess('user-or-admin-strict', 'user')).toEqual({ kind: 'allow' });
  });

  it('asks signed-out visitors to log in, except on signup pages', () => {
    expect(decideAccess('admin', 'unauthenticated')).toEqual({ kind: 'login' });
    expect(decideAccess('user-strict', 'unauthenticated')).toEqual({ kind: 'login' });
    expect(decideAccess('unauthenticated', 'unauthenticated')).toEqual({ kind: 'allow' });
  });
});

describe('consoleRole', () => {
  const business = { admins: ['u1'], members: ['u1', 'u2'] };

  it('derives the role from the business lists (shared roles)', () => {
    expect(consoleRole('u1', business)).toBe('admin');
    expect(consoleRole('u2', business)).toBe('member');
    expect(consoleRole('u3', business)).toBe('user');
    expect(consoleRole('u1', null)).toBe('user');
  });
});
