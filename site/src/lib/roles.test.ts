import { describe, expect, it } from 'vitest';
import { decideAccess, pendingDuties, rolesOf, safeRedirectPath } from './roles.ts';

const business = { admins: ['a'], members: ['a', 'm'] };

describe('rolesOf', () => {
  it('derives admin > member > user from the business', () => {
    expect(rolesOf('a', business)).toEqual(['admin', 'member', 'user']);
    expect(rolesOf('m', business)).toEqual(['member', 'user']);
    expect(rolesOf('x', business)).toEqual(['user']);
    expect(rolesOf('x', null)).toEqual(['user']);
  });
});

describe('decideAccess', () => {
  it('sends the unauthenticated to login', () => {
    expect(decideAccess('user', false, [])).toEqual({ kind: 'login' });
    expect(decideAccess('admin', false, [])).toEqual({ kind: 'login' });
  });
  it('opens unauthenticated pages to everyone unless strict', () => {
    expect(decideAccess('unauthenticated', false, ['user'])).toEqual({ kind: 'allow' });
    expect(decideAccess('unauthenticated', true, [])).toEqual({ kind: 'allow' });
    expect(decideAccess('unauthenticated', true, ['user'])).toEqual({ kind: 'home' });
  });
  it('lets higher roles in unless strict', () => {
    const admin = rolesOf('a', business);
    expect(decideAccess('user', false, admin)).toEqual({ kind: 'allow' });
    expect(decideAccess('member', false, admin)).toEqual({ kind: 'allow' });
    expect(decideAccess('user', true, admin)).toEqual({ kind: 'not-found' });
    expect(decideAccess('admin', true, admin)).toEqual({ kind: 'allow' });
  });
  it('shows 404 to a signed-in user lacking the role', () => {
    expect(decideAccess('admin', false, ['member', 'user'])).toEqual({ kind: 'not-found' });
    expect(decideAccess('member', false, ['user'])).toEqual({ kind: 'not-found' });
    expect(decideAccess('nas', false, ['user'])).toEqual({ kind: 'not-found' });
  });
});

describe('pendingDuties', () => {
  const user = (weakPassword: boolean, acceptedGtc: boolean) => ({
    attributes: { weakPassword, acceptedGtc },
  });
  it('forces a password change everywhere but the change page and logout', () => {
    expect(pendingDuties(user(true, true), '/dashboard').changePassword).toBe(true);
    expect(pendingDuties(user(true, true), '/profile/change-password').changePassword).toBe(false);
    expect(pendingDuties(user(true, true), '/logout').changePassword).toBe(false);
  });
  it('asks for the terms when not accepted', () => {
    expect(pendingDuties(user(false, false), '/dashboard')).toEqual({
      changePassword: false,
      acceptTerms: true,
    });
    expect(pendingDuties(user(false, true), '/dashboard')).toEqual({
      changePassword: false,
      acceptTerms: false,
    });
  });
});

describe('safeRedirectPath', () => {
  it('keeps same-site paths and refuses others', () => {
    expect(safeRedirectPath('/view/abc?x=1')).toBe('/view/abc?x=1');
    expect(safeRedirectPath('//evil.example/')).toBe('/dashboard');
    expect(safeRedirectPath('https://evil.example/')).toBe('/dashboard');
    expect(safeRedirectPath('/login?x')).toBe('/dashboard');
    expect(safeRedirectPath(null)).toBe('/dashboard');
  });
});
