import { describe, expect, it } from 'vitest';
import { REQUEST_ACTIONS, type TRequestStatus } from './signature-request.constants.ts';
import {
  checkAction,
  dashboardColour,
  duplicateParticipant,
  signerStatus,
  statusAfterSignature,
  type TActorFacts,
  type TRequestFacts,
  type TSignerFacts,
} from './signature-request.rules.ts';

const pending = (order: number): TSignerFacts => ({ order, signedAt: null, declinedAt: null });
const signed = (order: number): TSignerFacts => ({ order, signedAt: new Date(), declinedAt: null });

describe('signerStatus', () => {
  it('makes a later signer wait until every earlier one has signed', () => {
    const all = [pending(1), pending(2), pending(3)];
    expect(all.map((s) => signerStatus('OPEN', s, all))).toEqual(['OPEN', 'WAITING', 'WAITING']);
    const after = [signed(1), pending(2), pending(3)];
    expect(after.map((s) => signerStatus('OPEN', s, after))).toEqual(['SIGNED', 'OPEN', 'WAITING']);
  });

  it('lets signers of equal order sign in parallel', () => {
    const all = [pending(0), pending(0), signed(0)];
    expect(all.map((s) => signerStatus('OPEN', s, all))).toEqual(['OPEN', 'OPEN', 'SIGNED']);
  });

  it('follows the request out of OPEN', () => {
    const all = [signed(1), { ...pending(2), declinedAt: new Date() }, pending(3)];
    expect(all.map((s) => signerStatus('DECLINED', s, all))).toEqual([
      'SIGNED',
      'DECLINED',
      'WITHDRAWN',
    ]);
    expect(signerStatus('DRAFT', pending(1), [pending(1)])).toBe('DRAFT');
    expect(signerStatus('WITHDRAWN', pending(1), [pending(1)])).toBe('WITHDRAWN');
  });
});

describe('statusAfterSignature', () => {
  it('completes only when everyone has signed', () => {
    expect(statusAfterSignature([signed(1), pending(2)])).toBe('OPEN');
    expect(statusAfterSignature([signed(1), signed(2)])).toBe('SIGNED');
    expect(statusAfterSignature([])).toBe('OPEN');
  });
});

describe('dashboardColour', () => {
  it.each([
    ['DRAFT', null, 'draft'],
    ['OPEN', 'OPEN', 'to-sign'],
    ['OPEN', 'WAITING', 'waiting'],
    ['OPEN', null, 'waiting'],
    ['SIGNED', 'SIGNED', 'completed'],
    ['DECLINED', null, 'cancelled'],
    ['WITHDRAWN', 'WITHDRAWN', 'cancelled'],
    ['EXPIRED', null, 'cancelled'],
  ] as const)('%s for a viewer who is %s → %s', (status, viewer, colour) => {
    expect(dashboardColour(status, viewer)).toBe(colour);
  });
});

describe('checkAction', () => {
  const draft: TRequestFacts = {
    status: 'DRAFT',
    documentCount: 1,
    signerCount: 2,
    anySigned: false,
  };
  const open: TRequestFacts = { ...draft, status: 'OPEN' };
  const owner: TActorFacts = { isOwner: true, signerStatus: null };
  const signer = (s: TActorFacts['signerStatus']): TActorFacts => ({
    isOwner: false,
    signerStatus: s,
  });

  it('refuses owner actions to signers and signer actions to owners who do not sign', () => {
    expect(checkAction('withdraw', open, signer('OPEN'))).toMatchObject({ ok: false, status: 403 });
    expect(checkAction('sign', open, owner)).toMatchObject({ ok: false, status: 403 });
    expect(checkAction('sign', open, { isOwner: true, signerStatus: 'OPEN' })).toEqual({
      ok: true,
    });
  });

  it('sends a draft only with documents and signers', () => {
    expect(checkAction('initiate', draft, owner)).toEqual({ ok: true });
    expect(checkAction('initiate', { ...draft, documentCount: 0 }, owner)).toMatchObject({
      code: 'NO_DOCUMENTS',
    });
    expect(checkAction('initiate', { ...draft, signerCount: 0 }, owner)).toMatchObject({
      code: 'NO_SIGNERS',
    });
    expect(checkAction('initiate', open, owner)).toMatchObject({
      status: 409,
      code: 'REQUEST_NOT_DRAFT',
    });
  });

  it('freezes signers after the first signature', () => {
    expect(checkAction('addSigner', open, owner)).toEqual({ ok: true });
    expect(checkAction('removeSigner', { ...open, anySigned: true }, owner)).toMatchObject({
      status: 409,
      code: 'SIGNERS_FROZEN',
    });
  });

  it('withdraws only while OPEN and deletes only when not OPEN', () => {
    for (const status of [
      'DRAFT',
      'SIGNED',
      'DECLINED',
      'WITHDRAWN',
      'EXPIRED',
    ] as TRequestStatus[]) {
      expect(checkAction('withdraw', { ...draft, status }, owner)).toMatchObject({ status: 409 });
      expect(checkAction('delete', { ...draft, status }, owner)).toEqual({ ok: true });
    }
    expect(checkAction('withdraw', open, owner)).toEqual({ ok: true });
    expect(checkAction('delete', open, owner)).toMatchObject({ code: 'REQUEST_OPEN' });
  });

  it('lets a waiting signer decline or delegate but not sign', () => {
    expect(checkAction('sign', open, signer('WAITING'))).toMatchObject({ code: 'NOT_YOUR_TURN' });
    expect(checkAction('decline', open, signer('WAITING'))).toEqual({ ok: true });
    expect(checkAction('delegate', open, signer('WAITING'))).toEqual({ ok: true });
    expect(checkAction('sign', open, signer('SIGNED'))).toMatchObject({ code: 'SIGNER_NOT_OPEN' });
  });

  it('allows nothing but delete once a request is closed', () => {
    const closed: TRequestFacts = { ...open, status: 'SIGNED', anySigned: true };
    const legal = REQUEST_ACTIONS.filter((a) => {
      const actor = a === 'sign' || a === 'decline' || a === 'delegate' ? signer('SIGNED') : owner;
      return checkAction(a, closed, actor).ok;
    });
    expect(legal).toEqual(['delete']);
  });
});

describe('duplicateParticipant', () => {
  it('finds an address named twice among signers, observers, or both', () => {
    expect(duplicateParticipant(['a@x.ch', 'b@x.ch'], ['c@x.ch'])).toBeNull();
    expect(duplicateParticipant(['a@x.ch', ' A@X.ch '])).toEqual({
      role: 'signer',
      index: 1,
      email: 'a@x.ch',
    });
    expect(duplicateParticipant(['a@x.ch'], ['b@x.ch', 'B@x.ch'])).toEqual({
      role: 'observer',
      index: 1,
      email: 'b@x.ch',
    });
    expect(duplicateParticipant(['a@x.ch'], ['a@x.ch'])).toEqual({
      role: 'observer',
      index: 0,
      email: 'a@x.ch',
    });
    expect(duplicateParticipant(['', ''], [' '])).toBeNull();
  });
});
