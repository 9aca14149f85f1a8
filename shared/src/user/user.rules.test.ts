import { describe, expect, it } from 'vitest';
import { emptySignatureQualities, highestQuality } from './user.rules.ts';
import { type TQualityDetail, ZSignatureQualitiesSchema } from './user.schema.ts';

const ses: TQualityDetail = { quality: 'SES', legislation: null, provider: 'signet' };
const aes: TQualityDetail = { quality: 'AES', legislation: 'ZERTES', provider: 'sandbox' };
const qes: TQualityDetail = { quality: 'QES', legislation: 'EIDAS', provider: 'sandbox' };
const demo: TQualityDetail = { quality: 'DEMO', legislation: 'ZERTES', provider: 'sandbox' };

describe('emptySignatureQualities', () => {
  it('is a valid qualities record that offers no quality at all', () => {
    const q = ZSignatureQualitiesSchema.parse(emptySignatureQualities());
    const slots = Object.values(q).flatMap((legislations) => Object.values(legislations));
    // ses, aes: any; aesMinimal, qes: eIDAS and ZertES; seal: aes and qes.
    expect(slots).toEqual(Array(8).fill(null));
  });

  it('hands out a fresh record each time', () => {
    expect(emptySignatureQualities()).not.toBe(emptySignatureQualities());
  });
});

describe('highestQuality', () => {
  it('is none without a verified e-mail, whatever the qualities', () => {
    const q = emptySignatureQualities();
    q.ses.any = ses;
    q.qes.eidas = qes;
    expect(highestQuality({ emailVerified: false, signatureQualities: q })).toBe('none');
  });

  it('is none with a verified e-mail and no quality', () => {
    expect(
      highestQuality({ emailVerified: true, signatureQualities: emptySignatureQualities() }),
    ).toBe('none');
  });

  it('picks the highest of ses, aes (incl. minimal) and qes/demo', () => {
    const q = emptySignatureQualities();
    q.ses.any = ses;
    expect(highestQuality({ emailVerified: true, signatureQualities: q })).toBe('ses');
    q.aesMinimal.zertes = aes;
    expect(highestQuality({ emailVerified: true, signatureQualities: q })).toBe('aes');
    q.qes.zertes = demo;
    expect(highestQuality({ emailVerified: true, signatureQualities: q })).toBe('demo');
    q.qes.zertes = qes;
    expect(highestQuality({ emailVerified: true, signatureQualities: q })).toBe('qes');
  });
});
