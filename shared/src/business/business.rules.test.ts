import { describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_SETTINGS, RETENTION_DAYS } from './business.constants.ts';
import {
  applySettingsUpdate,
  domainRecord,
  emailDomain,
  keepsAnAdmin,
  resolveBusinessSettings,
  sanitiseSupportContact,
} from './business.rules.ts';

describe('sanitiseSupportContact', () => {
  it.each([
    [
      { email: 'help@acme.ch', phone: '044 123 4567' },
      { email: 'help@acme.ch', phone: '044 123 4567' },
    ],
    [
      { email: ' help@acme.ch ', phone: ' 0441234567 ' },
      { email: 'help@acme.ch', phone: '0441234567' },
    ],
    [
      { email: 'help@acme', phone: '12' },
      { email: '', phone: '' },
    ],
    [
      { email: 'help@acme.ch', phone: 'call us' },
      { email: 'help@acme.ch', phone: '' },
    ],
    [
      { email: '..@acme.ch', phone: '+(044) 123-4567' },
      { email: '', phone: '+(044) 123-4567' },
    ],
    [
      { email: null, phone: undefined },
      { email: '', phone: '' },
    ],
    [null, { email: '', phone: '' }],
  ])('%j → %j', (contact, expected) => {
    expect(sanitiseSupportContact(contact)).toEqual(expected);
  });
});

describe('resolveBusinessSettings', () => {
  it('puts what a business stored over the defaults and ignores what does not fit', () => {
    const settings = resolveBusinessSettings({
      supportContact: { email: 'bad', phone: '044 123 4567' },
      signatureRequests: { retention: { enabled: true } },
      affiliate: { enabled: 'yes' },
      unknown: { x: 1 },
    });
    expect(settings).toEqual({
      ...DEFAULT_BUSINESS_SETTINGS,
      supportContact: { email: '', phone: '044 123 4567' },
      signatureRequests: {
        retention: { enabled: true, terminalState: RETENTION_DAYS.default },
        part11: { enabled: false },
      },
    });
    expect(resolveBusinessSettings(null)).toEqual(DEFAULT_BUSINESS_SETTINGS);
  });
});

describe('applySettingsUpdate', () => {
  it('changes what is sent and keeps the rest', () => {
    const result = applySettingsUpdate(DEFAULT_BUSINESS_SETTINGS, {
      signatureRequests: { part11: { enabled: true } },
      mailService: { attachments: { signatureProtocol: { enabled: true } } },
    });
    expect(result).toEqual({
      settings: {
        ...DEFAULT_BUSINESS_SETTINGS,
        signatureRequests: {
          ...DEFAULT_BUSINESS_SETTINGS.signatureRequests,
          part11: { enabled: true },
        },
        mailService: {
          attachments: {
            ...DEFAULT_BUSINESS_SETTINGS.mailService.attachments,
            signatureProtocol: { enabled: true, customisable: true },
          },
        },
      },
    });
  });

  it('refuses a mail attachment the plan does not let the business change', () => {
    const fixed = {
      ...DEFAULT_BUSINESS_SETTINGS,
      mailService: {
        attachments: {
          signedDocument: { enabled: false, customisable: false },
          signatureProtocol: { enabled: false, customisable: true },
        },
      },
    };
    expect(
      applySettingsUpdate(fixed, {
        mailService: { attachments: { signedDocument: { enabled: true } } },
      }),
    ).toEqual({ refused: { path: 'mailService.attachments.signedDocument.enabled' } });
    // Sending the value it has is not a change.
    expect(
      'settings' in
        applySettingsUpdate(fixed, {
          mailService: { attachments: { signedDocument: { enabled: false } } },
        }),
    ).toBe(true);
  });
});

describe('keepsAnAdmin', () => {
  const members = [
    { id: 'a', role: 'admin' as const },
    { id: 'b', role: 'admin' as const },
    { id: 'c', role: 'member' as const },
  ];
  it.each([
    [['a'], true],
    [['a', 'b'], false],
    [['c'], true],
    [['a', 'c'], true],
    [['a', 'b', 'c'], false],
  ])('removing %j keeps an admin: %s', (ids, expected) => {
    expect(keepsAnAdmin(members, { kind: 'remove', ids })).toBe(expected);
    expect(keepsAnAdmin(members, { kind: 'demote', ids })).toBe(expected);
  });
});

describe('domains', () => {
  it('names the TXT record and the domain of an address', () => {
    expect(domainRecord('muster.ch', 'abc')).toEqual({
      name: '_signet-verification.muster.ch',
      value: 'signet-verification=abc',
    });
    expect(emailDomain('Anna.Muster@Muster.CH')).toBe('muster.ch');
  });
});
