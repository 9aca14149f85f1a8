import { describe, expect, it } from 'vitest';
import { fileResponse } from './file-response.ts';

describe('fileResponse', () => {
  it('answers the exact bytes of a view into a SharedArrayBuffer with room after them', async () => {
    // A signed version written in place (pdf/in-step.ts): a view at the start of a larger
    // shared buffer, its room after it already holding other bytes.
    const shared = new Uint8Array(new SharedArrayBuffer(64));
    shared.fill(0x7a);
    const pdf = new TextEncoder().encode('%PDF-1.7\n%\xe2\xe3\n%%EOF\n');
    shared.set(pdf);
    const view = shared.subarray(0, pdf.length);

    const res = fileResponse(view, 'application/pdf', 'Vertrag – Łódź.pdf');

    expect(res.headers.get('content-length')).toBe(String(pdf.length));
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdf);
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''Vertrag");
  });

  it('answers a view into an ordinary buffer as it is', async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255]);
    const res = fileResponse(bytes.subarray(1, 5), 'image/png', null);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([0x50, 0x4e, 0x47, 0]));
    expect(res.headers.get('content-disposition')).toBeNull();
  });
});
