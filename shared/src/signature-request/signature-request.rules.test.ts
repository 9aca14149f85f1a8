import { describe, expect, it } from 'vitest';
import {
  REMIND_MIN_INTERVAL_MS,
  REQUEST_ACTIONS,
  REQUEST_EXPIRY,
  REQUEST_STATUSES,
  SIGNER_STATUSES,
  STATE_FILTERS,
  type TRequestStatus,
} from './signature-request.constants.ts';
import {
  autoReminderDue,
  checkAction,
  dashboardColour,
  defaultExpiry,
  duplicateParticipant,
  expiryProblem,
  nextRemindAt,
  requestState,
  signerStatus,
  stateFilterQuery,
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

describe('requestState', () => {
  it('tells declined, withdrawn and expired apart where the colour says cancelled', () => {
    expect(requestState('DECLINED', 'DECLINED')).toBe('declined');
    expect(requestState('WITHDRAWN', null)).toBe('withdrawn');
    expect(requestState('EXPIRED', 'WITHDRAWN')).toBe('expired');
    expect(requestState('OPEN', 'OPEN')).toBe('to-sign');
    expect(requestState('OPEN', 'WAITING')).toBe('waiting');
    expect(requestState('SIGNED', 'SIGNED')).toBe('completed');
    expect(requestState('DRAFT', null)).toBe('draft');
  });
});

describe('stateFilterQuery', () => {
  // Every request a viewer can see, as (status, viewer's signer status).
  const cases = REQUEST_STATUSES.flatMap((status) =>
    [...SIGNER_STATUSES, null].map((mine) => ({ status, mine })),
  ).filter(({ status }) => status !== 'DRAFT');
  const subsets = (list: readonly string[]): string[][] =>
    list.reduce<string[][]>(
      (all, x) => {
        for (const s of all.slice()) all.push([...s, x]);
        return all;
      },
      [[]],
    );

  it('finds exactly the requests in the chosen states, for every choice of filters', () => {
    for (const chosen of subsets(STATE_FILTERS)) {
      const filters = chosen as (typeof STATE_FILTERS)[number][];
      const { colour, status } = stateFilterQuery(filters);
      for (const c of cases) {
        const matched =
          (!colour || colour.includes(dashboardColour(c.status, c.mine))) &&
          (!status || status.includes(c.status));
        const wanted =
          filters.length === 0 ||
          filters.includes(requestState(c.status, c.mine) as (typeof filters)[number]);
        expect(matched, `${filters.join('+')} on ${c.status}/${c.mine}`).toBe(wanted);
      }
    }
  });
});

describe('reminders', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const open = { status: 'OPEN' as const, direct: false, invitedAt: ago(5 * 86_400_000) };

  it('"Remind" works now, later, or never', () => {
    expect(nextRemindAt([{ ...open, lastRemindedAt: null }], now)).toEqual(now);
    const recent = ago(10 * 60_000);
    expect(nextRemindAt([{ ...open, lastRemindedAt: recent }], now)).toEqual(
      new Date(recent.getTime() + REMIND_MIN_INTERVAL_MS),
    );
    // Direct signers and waiting ones are not ours to remind.
    expect(nextRemindAt([{ ...open, direct: true, lastRemindedAt: null }], now)).toBeNull();
    expect(nextRemindAt([{ ...open, status: 'WAITING', lastRemindedAt: null }], now)).toBeNull();
  });

  it('the automatic one after the interval since the invitation or the last reminder', () => {
    const since = (days: number) => ({ ...open, invitedAt: ago(days * 86_400_000) });
    expect(autoReminderDue({ ...since(1), lastRemindedAt: null }, 2, now)).toBe(false);
    expect(autoReminderDue({ ...since(2), lastRemindedAt: null }, 2, now)).toBe(true);
    expect(autoReminderDue({ ...since(9), lastRemindedAt: ago(86_400_000) }, 2, now)).toBe(false);
    expect(autoReminderDue({ ...since(9), lastRemindedAt: null }, null, now)).toBe(false);
    expect(autoReminderDue({ ...since(9), status: 'WAITING', lastRemindedAt: null }, 2, now)).toBe(
      false,
    );
    expect(autoReminderDue({ ...since(9), direct: true, lastRemindedAt: null }, 2, now)).toBe(
      false,
    );
  });
});

describe('expiry', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  it('defaults to 30 days after sending and takes dates from an hour to a year ahead', () => {
    expect(defaultExpiry(now).getTime() - now.getTime()).toBe(
      REQUEST_EXPIRY.defaultDays * 86_400_000,
    );
    expect(expiryProblem(new Date(now.getTime() - 1), now)).toBe('past');
    expect(expiryProblem(new Date(now.getTime() + 30 * 60_000), now)).toBe('past');
    expect(expiryProblem(new Date(now.getTime() + 2 * 3_600_000), now)).toBeNull();
    expect(expiryProblem(new Date(now.getTime() + 400 * 86_400_000), now)).toBe('tooLate');
    expect(expiryProblem('not a date', now)).toBe('past');
  });
});
