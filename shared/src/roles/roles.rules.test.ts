import { describe, expect, it } from 'vitest';
import { hasRole, primaryRole, rolesOf, type TRole } from './roles.rules.ts';

const business = { admins: ['a1'], members: ['a1', 'm1'] };

describe('rolesOf', () => {
  it.each([
    [{}, ['unauthenticated']],
    [{ userId: '' }, ['unauthenticated']],
    [{ userId: null, isNas: true }, ['unauthenticated']],
    [{ userId: 'n1', isNas: true }, ['nas']],
    [{ userId: 'n1', isNas: true, business }, ['nas']],
    [{ userId: 'u1' }, ['user']],
    [{ userId: 'u1', business: null }, ['user']],
    [{ userId: 'u1', business }, ['user']],
    [{ userId: 'm1', business }, ['member', 'user']],
    [{ userId: 'a1', business }, ['admin', 'member', 'user']],
    [{ userId: 'a2', business: { admins: ['a2'], members: [] } }, ['admin', 'member', 'user']],
  ])('%j → %j', (facts, expected) => {
    expect([...rolesOf(facts)].sort()).toEqual(expected);
  });
});

describe('primaryRole', () => {
  it.each([
    [['admin', 'member', 'user'], 'admin'],
    [['member', 'user'], 'member'],
    [['user'], 'user'],
    [['nas'], 'nas'],
    [['unauthenticated'], 'unauthenticated'],
    [[], 'unauthenticated'],
  ] as [TRole[], TRole][])('%j → %s', (roles, expected) => {
    expect(primaryRole(new Set(roles))).toBe(expected);
  });
});

describe('hasRole', () => {
  const visitor = rolesOf({});
  const nas = rolesOf({ userId: 'n1', isNas: true });
  const user = rolesOf({ userId: 'u1', business });
  const member = rolesOf({ userId: 'm1', business });
  const admin = rolesOf({ userId: 'a1', business });

  it.each([
    // not strict: the hierarchy counts
    [admin, 'user', false, true],
    [admin, 'member', false, true],
    [admin, 'admin', false, true],
    [member, 'user', false, true],
    [member, 'member', false, true],
    [member, 'admin', false, false],
    [user, 'user', false, true],
    [user, 'member', false, false],
    [nas, 'user', false, false],
    [nas, 'nas', false, true],
    [visitor, 'user', false, false],
    [visitor, 'nas', false, false],
    [visitor, 'unauthenticated', false, true],
    [admin, 'unauthenticated', false, true],
    // strict: exactly the named role
    [visitor, 'unauthenticated', true, true],
    [user, 'unauthenticated', true, false],
    [nas, 'unauthenticated', true, false],
    [user, 'user', true, true],
    [member, 'user', true, false],
    [admin, 'user', true, false],
    [admin, 'admin', true, true],
    [member, ['user', 'admin'], true, false],
    [user, ['user', 'admin'], true, true],
    [admin, ['user', 'admin'], true, true],
    [user, ['member', 'nas'], false, false],
    [nas, ['member', 'nas'], false, true],
  ] as [Set<TRole>, TRole | TRole[], boolean, boolean][])(
    '%j needs %j (strict %s) → %s',
    (roles, required, strict, expected) => {
      expect(hasRole(roles, required, strict)).toBe(expected);
    },
  );
});
