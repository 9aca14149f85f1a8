import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { messages } from '@signet/locales';
import { DIRECT_SIGN_ERRORS } from '@signet/shared/direct-sign/direct-sign.constants';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sources(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Every 4xx code the API can answer: `new AppError('CODE', 4xx, …)`, AppError subclasses'
 * `super('CODE', 4xx, …)`, `new PdfError('CODE', …)` (always 422), and the 403/409 verdicts
 * of the shared request rules.
 */
function clientErrorCodes(): Set<string> {
  const codes = new Set<string>();
  const thrown = /(?:AppError|super)\(\s*'([A-Z][A-Z0-9_]+)',\s*(\d{3})/g;
  for (const file of sources(join(root, 'server/src'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(thrown)) {
      if (Number(m[2]) < 500) codes.add(m[1] as string);
    }
    for (const m of readFileSync(file, 'utf8').matchAll(/new PdfError\(\s*'([A-Z][A-Z0-9_]+)'/g)) {
      codes.add(m[1] as string);
    }
  }
  const rules = readFileSync(
    join(root, 'shared/src/signature-request/signature-request.rules.ts'),
    'utf8',
  );
  for (const m of rules.matchAll(/(?:conflict\(|code: )'([A-Z][A-Z0-9_]+)'/g))
    codes.add(m[1] as string);
  // Codes the direct-sign services throw through shared constants.
  for (const code of Object.values(DIRECT_SIGN_ERRORS)) codes.add(code);
  return codes;
}

describe('error texts', () => {
  it('has a user-facing text for every client error code, in every language', () => {
    const codes = clientErrorCodes();
    // The scan must find the codes it is meant to find, or this test proves nothing.
    expect(codes).toContain('INVALID_CREDENTIALS');
    expect(codes).toContain('NOT_YOUR_TURN');
    expect(codes).toContain('PDF_ACTIVE_CONTENT');
    expect(codes.size).toBeGreaterThan(30);
    for (const [lang, namespaces] of Object.entries(messages)) {
      const texts = (namespaces as Record<string, Record<string, string>>).errors ?? {};
      const missing = [...codes].filter((code) => !texts[code]);
      expect(missing, `errors.json of ${lang}`).toEqual([]);
    }
  });
});
