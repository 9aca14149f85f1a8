import { describe, expect, it } from 'vitest';
import { appointmentState, hasOngoingIdent, sameVerifiedPerson } from './identification.rules.ts';

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

describe('sameVerifiedPerson', () => {
  const anna = { givenName: 'Anna', surname: 'Meier', birthDate: '1990-04-01', nationality: 'CH' };
  it('is the same person whatever the case, spacing or Unicode form of the names', () => {
    expect(
      sameVerifiedPerson(anna, {
        ...anna,
        givenName: ' anna ',
        surname: 'MEIER',
        nationality: 'ch',
      }),
    ).toBe(true);
    const nfd = { ...anna, givenName: 'Zo\u0065\u0301', surname: 'Żółć' };
    expect(sameVerifiedPerson(nfd, { ...anna, givenName: 'Zoé', surname: 'żółć' })).toBe(true);
  });
  it.each([
    ['givenName', 'Anne'],
    ['surname', 'Meyer'],
    ['birthDate', '1990-04-02'],
    ['nationality', 'DE'],
  ] as const)('another %s is another person (serial number mismatch)', (field, value) => {
    expect(sameVerifiedPerson(anna, { ...anna, [field]: value })).toBe(false);
  });
});
