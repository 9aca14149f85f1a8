import { describe, expect, it } from 'vitest';
import { sanitiseSupportContact } from './business.rules.ts';

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
