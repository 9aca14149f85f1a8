import { describe, expect, it } from 'vitest';
import { applyVisualPermissions } from './visual-signature.rules.ts';

const chosen = { displayClaim: false, displayDate: false, displayStandards: true, alias: 'x' };
const free = { canUpdate: true, defaultValue: true };

describe('applyVisualPermissions', () => {
  it('keeps what the person chose when they may change everything', () => {
    expect(applyVisualPermissions(chosen, { claim: free, date: free, std: free })).toEqual(chosen);
    expect(applyVisualPermissions(chosen, undefined)).toEqual(chosen);
  });

  it('holds a locked part at its default value', () => {
    const locked = { canUpdate: false, defaultValue: true };
    expect(
      applyVisualPermissions(chosen, {
        claim: locked,
        date: free,
        std: { canUpdate: false, defaultValue: false },
      }),
    ).toEqual({ displayClaim: true, displayDate: false, displayStandards: false, alias: 'x' });
  });
});
