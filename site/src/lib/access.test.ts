import { rolesOf } from '@signet/shared/roles/roles.rules';
import { describe, expect, it } from 'vitest';
import { decideAccess, freeMigrationDuty, pendingDuties } from './access.ts';

const business = { admins: ['a'], members: ['a', 'm'] };
const nobody = rolesOf({});
const user = rolesOf({ userId: 'x', business: null });
const member = rolesOf({ userId: 'm', business });
const admin = rolesOf({ userId: 'a', business });

describe('decideAccess', () => {
  it('sends the unauthenticated to login', () => {
    expect(decideAccess('user', false, nobody)).toEqual({ kind: 'login' });
    expect(decideAccess('admin', false, nobody)).toEqual({ kind: 'login' });
  });
  it('opens unauthenticated pages to everyone unless strict', () => {
    expect(decideAccess('unauthenticated', false, user)).toEqual({ kind: 'allow' });
    expect(decideAccess('unauthenticated', true, nobody)).toEqual({ kind: 'allow' });
    expect(decideAccess('unauthenticated', true, user)).toEqual({ kind: 'home' });
  });
  it('lets higher roles in unless strict', () => {
    expect(decideAccess('user', false, admin)).toEqual({ kind: 'allow' });
    expect(decideAccess('member', false, admin)).toEqual({ kind: 'allow' });
    expect(decideAccess('user', true, admin)).toEqual({ kind: 'not-found' });
    expect(decideAccess('admin', true, admin)).toEqual({ kind: 'allow' });
  });
  it('shows 404 to a signed-in user lacking the role', () => {
    expect(decideAccess('admin', false, member)).toEqual({ kind: 'not-found' });
    expect(decideAccess('member', false, user)).toEqual({ kind: 'not-found' });
    expect(decideAccess('nas', false, user)).toEqual({ kind: 'not-found' });
  });
});

describe('pendingDuties', () => {
  const facts = (weakPassword: boolean, acceptedGtc: boolean) => ({
    attributes: { weakPassword, acceptedGtc },
  });
  it('forces a password change everywhere but the change page and logout', () => {
    expect(pendingDuties(facts(true, true), '/dashboard').changePassword).toBe(true);
    expect(pendingDuties(facts(true, true), '/profile/change-password').changePassword).toBe(false);
    expect(pendingDuties(facts(true, true), '/logout').changePassword).toBe(false);
  });
  it('asks for the terms when not accepted', () => {
    expect(pendingDuties(facts(false, false), '/dashboard')).toEqual({
      changePassword: false,
      acceptTerms: true,
    });
    expect(pendingDuties(facts(false, true), '/dashboard')).toEqual({
      changePassword: false,
      acceptTerms: false,
    });
  });
});

describe('freeMigrationDuty', () => {
  const legacy = { attributes: { freeAccountType: 'free_legacy' as const } };
  it('asks a legacy free account without a business, on the dashboard only', () => {
    expect(freeMigrationDuty(legacy, null, '/dashboard')).toBe(true);
    expect(freeMigrationDuty(legacy, null, '/upgrade')).toBe(false);
    expect(freeMigrationDuty(legacy, { name: 'Acme' }, '/dashboard')).toBe(false);
    expect(
      freeMigrationDuty({ attributes: { freeAccountType: 'free_v1' } }, null, '/dashboard'),
    ).toBe(false);
  });
});
