import { describe, expect, it } from 'vitest';
import { emptySignatureQualities } from './user.rules.ts';
import { ZSignatureQualitiesSchema } from './user.schema.ts';

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
