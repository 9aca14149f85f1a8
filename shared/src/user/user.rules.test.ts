import { describe, expect, it } from 'vitest';
import { emptySignatureQualities } from './user.rules.ts';

describe('emptySignatureQualities', () => {
  it('offers no quality at all', () => {
    const q = emptySignatureQualities();
    expect(Object.values(q).flatMap((legislations) => Object.values(legislations))).toEqual(
      Array(9).fill(null),
    );
  });
});
