import { describe, expect, it } from 'vitest';
import { isAppError } from '../../errors.ts';
import { assertLinkCanSign, type LinkSlot, linkSigningQuality } from './link-trust.ts';
import { SES_TRUST } from './trust-step.ts';

const verified = {
  givenName: 'Giulia',
  surname: 'Rossi',
  birthDate: '1991-07-14',
  nationality: 'IT',
};
const identity = (qes: ('EIDAS' | 'ZERTES')[]) => ({
  verified,
  provider: 'srs',
  identifiedAt: '2026-11-28T04:00:00.000Z',
  aes: true,
  qes,
});
const slot = (over: Partial<LinkSlot>): LinkSlot => ({
  signatureLevel: null,
  legislation: null,
  identity: null,
  ...over,
});

function refusal(run: () => unknown) {
  try {
    run();
  } catch (e) {
    if (isAppError(e)) return { status: e.status, code: e.code, details: e.details };
    throw e;
  }
  throw new Error('not refused');
}

describe('how a signing link signs its slot (linkSigningQuality)', () => {
  it('SES with the platform when the slot asks for nothing more, identified or not', () => {
    expect(linkSigningQuality(slot({}), 'EIDAS')).toEqual({
      quality: 'SES',
      legislation: null,
      provider: 'signet',
    });
    expect(
      linkSigningQuality(slot({ signatureLevel: 'SES', identity: identity(['ZERTES']) }), 'EIDAS')
        .quality,
    ).toBe('SES');
  });

  it('refuses AES and QES without an identification, saying what is required and to identify', () => {
    expect(refusal(() => linkSigningQuality(slot({ signatureLevel: 'AES' }), 'ZERTES'))).toEqual({
      status: 403,
      code: 'QUALITY_TOO_LOW',
      details: { required: { quality: 'AES', legislation: 'ZERTES' }, identify: true },
    });
    expect(
      refusal(() =>
        linkSigningQuality(slot({ signatureLevel: 'QES', legislation: 'EIDAS' }), 'ZERTES'),
      ).details,
    ).toEqual({ required: { quality: 'QES', legislation: 'EIDAS' }, identify: true });
  });

  it('AES after any identification; QES only under the legislation it was qualified for', () => {
    const aesOnly = slot({ signatureLevel: 'AES', identity: identity([]) });
    expect(linkSigningQuality(aesOnly, 'EIDAS')).toEqual({
      quality: 'AES',
      legislation: 'EIDAS',
      provider: 'demo-qtsp',
    });
    const zertes = identity(['ZERTES']);
    expect(
      linkSigningQuality(
        slot({ signatureLevel: 'QES', legislation: 'ZERTES', identity: zertes }),
        'EIDAS',
      ),
    ).toEqual({ quality: 'DEMO', legislation: 'ZERTES', provider: 'demo-qtsp' });
    expect(
      refusal(() =>
        linkSigningQuality(
          slot({ signatureLevel: 'QES', legislation: 'EIDAS', identity: zertes }),
          'EIDAS',
        ),
      ).code,
    ).toBe('QUALITY_TOO_LOW');
    expect(
      refusal(() =>
        linkSigningQuality(slot({ signatureLevel: 'QES', identity: identity([]) }), 'EIDAS'),
      ).code,
    ).toBe('QUALITY_TOO_LOW');
  });

  it('a slot that needs a certificate of the signer’s own is never signed with the platform’s (the mobile app brings none)', () => {
    const identified = slot({ signatureLevel: 'AES', identity: identity([]) });
    expect(refusal(() => assertLinkCanSign(identified, SES_TRUST, 'EIDAS')).code).toBe(
      'QUALITY_TOO_LOW',
    );
    expect(() => assertLinkCanSign(slot({}), SES_TRUST, 'EIDAS')).not.toThrow();
  });
});
