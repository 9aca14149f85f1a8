import { describe, expect, it } from 'vitest';
import { emptySignatureQualities } from '../user/user.rules.ts';
import type { TSignatureQualities } from '../user/user.schema.ts';
import { needsOwnCertificate, qualityRank, signingQuality } from './signing-quality.rules.ts';

const ses = { quality: 'SES', legislation: null, provider: 'signet' } as const;
const aes = { quality: 'AES', legislation: null, provider: 'demo-qtsp' } as const;
const qesZertes = { quality: 'DEMO', legislation: 'ZERTES', provider: 'demo-qtsp' } as const;

function q(
  parts: Partial<{ ses: boolean; aes: boolean; qesZertes: boolean }>,
): TSignatureQualities {
  const out = emptySignatureQualities();
  if (parts.ses) out.ses.any = ses;
  if (parts.aes) out.aes.any = aes;
  if (parts.qesZertes) out.qes.zertes = qesZertes;
  return out;
}
const none = { quality: null, legislation: null } as const;

describe('signingQuality', () => {
  it('signs SES without a requirement or a default', () => {
    expect(signingQuality(q({ ses: true, aes: true }), none, none, 'EIDAS')).toEqual({
      ok: true,
      detail: ses,
      legislation: 'EIDAS',
    });
  });

  it('takes the default quality when proven under the default legislation', () => {
    const r = signingQuality(
      q({ ses: true, aes: true, qesZertes: true }),
      none,
      { quality: 'QES', legislation: 'ZERTES' },
      'EIDAS',
    );
    expect(r).toEqual({ ok: true, detail: qesZertes, legislation: 'ZERTES' });
    // Not proven under eIDAS: SES.
    expect(
      signingQuality(
        q({ ses: true, qesZertes: true }),
        none,
        { quality: 'QES', legislation: 'EIDAS' },
        'ZERTES',
      ),
    ).toMatchObject({ ok: true, detail: ses });
  });

  it('meets a QES requirement with DEMO under the same legislation only', () => {
    const qualities = q({ ses: true, aes: true, qesZertes: true });
    expect(
      signingQuality(qualities, { quality: 'QES', legislation: 'ZERTES' }, none, 'EIDAS'),
    ).toMatchObject({
      ok: true,
      detail: qesZertes,
    });
    expect(
      signingQuality(qualities, { quality: 'QES', legislation: 'EIDAS' }, none, 'EIDAS'),
    ).toEqual({
      ok: false,
      required: { quality: 'QES', legislation: 'EIDAS' },
    });
  });

  it('meets AES with AES, else with QES; refuses without an identification', () => {
    expect(
      signingQuality(
        q({ ses: true, aes: true }),
        { quality: 'AES', legislation: null },
        none,
        'EIDAS',
      ),
    ).toMatchObject({
      ok: true,
      detail: aes,
    });
    expect(
      signingQuality(
        q({ ses: true, qesZertes: true }),
        { quality: 'AES', legislation: 'ZERTES' },
        none,
        'EIDAS',
      ),
    ).toMatchObject({ ok: true, detail: qesZertes });
    expect(
      signingQuality(q({ ses: true }), { quality: 'AES', legislation: null }, none, 'ZERTES'),
    ).toEqual({
      ok: false,
      required: { quality: 'AES', legislation: 'ZERTES' },
    });
  });

  it('refuses everything without a verified e-mail (no SES)', () => {
    expect(signingQuality(q({}), none, none, 'EIDAS')).toMatchObject({ ok: false });
  });

  it('ranks and says which qualities need a certificate of their own', () => {
    expect(qualityRank('DEMO')).toBe(qualityRank('QES'));
    expect(needsOwnCertificate('SES')).toBe(false);
    expect(needsOwnCertificate('AES_MINIMAL')).toBe(true);
    expect(needsOwnCertificate('DEMO')).toBe(true);
  });
});
