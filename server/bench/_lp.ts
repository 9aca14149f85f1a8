import { readFileSync } from 'node:fs';
import { PDF } from '@libpdf/core';
import { createHash } from 'node:crypto';
const bytes = new Uint8Array(readFileSync(process.argv[2] ?? 'bench-results/documents/tex-89p.pdf'));
const t = (l: string, f: () => unknown) => { const s = performance.now(); const r = f(); return [r, l, performance.now() - s] as const; };
for (let i = 0; i < 6; i++) {
  const out: string[] = [];
  let s = performance.now();
  const doc = await PDF.load(bytes); out.push(`load ${(performance.now() - s).toFixed(1)}`);
  s = performance.now(); const n = doc.getPageCount(); out.push(`count ${(performance.now() - s).toFixed(1)}`);
  s = performance.now(); const p = doc.getPage(n - 1)!; p.getCropBox(); out.push(`lastpage ${(performance.now() - s).toFixed(1)}`);
  s = performance.now(); const f = doc.getOrCreateForm(); f.getFieldNames(); out.push(`form ${(performance.now() - s).toFixed(1)}`);
  s = performance.now(); const saved = await doc.save({ incremental: true }); out.push(`save ${(performance.now() - s).toFixed(1)} (+${saved.length - bytes.length})`);
  s = performance.now(); createHash('sha256').update(saved).digest(); out.push(`sha ${(performance.now() - s).toFixed(1)}`);
  s = performance.now(); Buffer.from(saved).indexOf('/ByteRange', bytes.length); out.push(`indexOf ${(performance.now() - s).toFixed(1)}`);
  console.log(out.join('  '));
}
