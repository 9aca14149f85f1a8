import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createZip, uniqueNames } from './zip.ts';

describe('createZip', () => {
  it('writes an archive that unzip extracts byte for byte, UTF-8 names included', () => {
    const a = new Uint8Array(100_000).map((_, i) => (i * 7) & 0xff);
    const b = new TextEncoder().encode('protocol');
    const zip = createZip([
      { name: 'Vertrag Müller.pdf', data: a },
      { name: 'abc_protocol.pdf', data: b },
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'signet-zip-'));
    try {
      writeFileSync(join(dir, 'a.zip'), zip);
      // Info-ZIP checks the structure and CRCs; python's zipfile honours the UTF-8 name flag.
      const test = spawnSync('unzip', ['-t', 'a.zip'], { cwd: dir, encoding: 'utf8' });
      expect(test.status, test.stdout + test.stderr).toBe(0);
      const py = spawnSync(
        'python3',
        [
          '-c',
          'import zipfile;z=zipfile.ZipFile("a.zip");assert z.testzip() is None;z.extractall("out")',
        ],
        { cwd: dir, encoding: 'utf8' },
      );
      expect(py.status, py.stderr).toBe(0);
      expect(new Uint8Array(readFileSync(join(dir, 'out', 'Vertrag Müller.pdf')))).toEqual(a);
      expect(readFileSync(join(dir, 'out', 'abc_protocol.pdf'), 'utf8')).toBe('protocol');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes names unique', () => {
    expect(uniqueNames(['a.pdf', 'A.pdf', 'a.pdf', 'b'])).toEqual([
      'a.pdf',
      'A (2).pdf',
      'a (3).pdf',
      'b',
    ]);
  });
});
