import { describe, expect, it } from 'vitest';
import { appointmentState, hasOngoingIdent } from './identification.rules.ts';

describe('appointmentState', () => {
  it.each([
    ['initialized', 'initialized'],
    ['unknown', 'initialized'],
    ['inprogress', 'inprogress'],
    ['IN_PROGRESS', 'inprogress'],
    ['success', 'activatingQES'],
    ['SUCCESS', 'activatingQES'],
    ['failure', 'failure'],
    ['something-new', 'initialized'],
    ['', null],
    ['  ', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (status, expected) => {
    expect(appointmentState(status)).toBe(expected);
  });
});

describe('hasOngoingIdent', () => {
  it.each([
    ['inprogress', 'aes', true],
    ['initialized', 'ses', true],
    ['success', 'demo', true],
    ['failure', 'none', true],
    ['success', 'qes', false],
    ['inprogress', 'qes', false],
    [null, 'aes', false],
    ['', 'ses', false],
  ] as const)('%j with %s → %s', (status, highest, expected) => {
    expect(hasOngoingIdent(status, highest)).toBe(expected);
  });
});
