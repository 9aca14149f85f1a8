import type { TAttachmentExtension } from '@signet/shared/document/document.schema';

/** Whether the first bytes fit the media type the extension claims. */
export function contentMatches(ext: TAttachmentExtension, b: Uint8Array): boolean {
  const ascii = (from: number, to: number) => Buffer.from(b.subarray(from, to)).toString('latin1');
  switch (ext) {
    case 'pdf':
      return ascii(0, 1024).includes('%PDF-');
    case 'png':
      return ascii(0, 8) === '\x89PNG\r\n\x1a\n';
    case 'jpg':
    case 'jpeg':
      return b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
    case 'gif':
      return ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a';
    case 'webp':
      return ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
    case 'avi':
      return ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'AVI ';
    case 'mp4':
    case 'mov':
      return ['ftyp', 'moov', 'mdat', 'wide', 'free'].includes(ascii(4, 8));
    case 'mkv':
      return b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3;
    case 'svg':
      return /<svg[\s>]/i.test(Buffer.from(b.subarray(0, 4096)).toString('utf8'));
  }
}
