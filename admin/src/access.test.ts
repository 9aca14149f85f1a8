import { describe, expect, it } from 'vitest';
import {
  BUSINESS_ROUTES,
  consoleRole,
  decideAccess,
  normalisePath,
  routeAccess,
} from './access.ts';

const adminRoutes = BUSINESS_ROUTES.filter((r) => r.access === 'admin').map((r) =>
  r.path.replace(':accountname', 'acme-seal'),
);

describe('decideAccess', () => {
  it('lets admins into every admin route', () => {
    for (const path of adminRoutes) {
      expect(decideAccess(path, 'admin'), path).toEqual({ kind: 'allow' });
    }
  });

  it('sends admins from registration and signup pages to the business profile', () => {
    for (const path of [
      '/business/register',
      '/business/signup',
      '/business/signup/steps',
      '/business/signup/mail-sent',
    ]) {
      expect(decideAccess(path, 'admin'), path).toEqual({
        kind: 'redirect',
        to: '/business/profile',
      });
    }
  });

  it('refuses plain members everywhere and sends them to the site', () => {
    for (const path of [...adminRoutes, '/business/register', '/business/upgrade']) {
      expect(decideAccess(path, 'member'), path).toEqual({ kind: 'not-allowed', to: '/' });
    }
  });

  it('sends users without a business to registration', () => {
    for (const path of [...adminRoutes, '/business/signup']) {
      expect(decideAccess(path, 'user'), path).toEqual({
        kind: 'redirect',
        to: '/business/register',
      });
    }
    expect(decideAccess('/business/register', 'user')).toEqual({ kind: 'allow' });
  });

  it('opens the strict upgrade page to users and admins only', () => {
    expect(decideAccess('/business/upgrade', 'user')).toEqual({ kind: 'allow' });
    expect(decideAccess('/business/upgrade', 'admin')).toEqual({ kind: 'allow' });
    expect(decideAccess('/business/upgrade', 'member').kind).toBe('not-allowed');
  });

  it('asks signed-out visitors to log in and remembers where they wanted to go', () => {
    expect(decideAccess('/business/members/domains/', 'unauthenticated')).toEqual({
      kind: 'login',
      next: '/business/members/domains',
    });
    expect(decideAccess('/business/register', 'unauthenticated').kind).toBe('login');
    expect(decideAccess('/business/signup/steps', 'unauthenticated')).toEqual({ kind: 'allow' });
  });

  it('redirects the old members activity path and the bare console path before role checks', () => {
    for (const role of ['admin', 'member', 'user', 'unauthenticated'] as const) {
      expect(decideAccess('/business/members/activity', role)).toEqual({
        kind: 'redirect',
        to: '/business/activity',
      });
      expect(decideAccess('/business/', role)).toEqual({
        kind: 'redirect',
        to: '/business/dashboard',
      });
    }
  });

  it('lets unknown paths through to the 404 page', () => {
    expect(decideAccess('/business/nope', 'member')).toEqual({ kind: 'allow' });
    expect(decideAccess('/business/seals/a/b', 'user')).toEqual({ kind: 'allow' });
  });
});

describe('routeAccess', () => {
  it('matches parameters and ignores query strings and trailing slashes', () => {
    expect(routeAccess('/business/seals/acme')).toBe('admin');
    expect(routeAccess('/business/seals/')).toBe('admin');
    expect(routeAccess('/business/register?x=1')).toBe('user-strict');
    expect(routeAccess('/business/seal')).toBeUndefined();
  });

  it('normalises paths', () => {
    expect(normalisePath('/')).toBe('/');
    expect(normalisePath('/business//')).toBe('/business');
    expect(normalisePath('/business/profile#x')).toBe('/business/profile');
  });
});

describe('consoleRole', () => {
  const business = { admins: ['u1'], members: ['u1', 'u2'] };

  it('derives the role from the business lists', () => {
    expect(consoleRole('u1', business)).toBe('admin');
    expect(consoleRole('u2', business)).toBe('member');
    expect(consoleRole('u3', business)).toBe('user');
    expect(consoleRole('u1', null)).toBe('user');
  });
});
