/**
 * Document, page-image and attachment constants (spec sections 7 and 9), zod-free so a browser
 * bundle takes them for free. `document.schema.ts` re-exports them.
 */

/** Page images: scale in percent of the page size in points (spec section 9: default 100). */
export const PAGE_SCALE = { default: 100, min: 10, max: 400 } as const;

/**
 * The scales page images exist at (percent; 100 = one pixel per point, 72 dpi): thumbnails,
 * the spec's default, and the steps a viewer needs to show a page sharp at the width it is shown
 * on a high-density screen (an A4 page 890 px wide at two device pixels per px needs 300). The
 * server renders and stores only these; another scale in the API's range gets the next larger one
 * (or the largest), so browsers ask for these exactly and each is cached once.
 */
export const PAGE_IMAGE_SCALES = [50, 100, 150, 200, 300] as const;
export type TPageImageScale = (typeof PAGE_IMAGE_SCALES)[number];

/** Defaults of the upload limits (the server reads MAX_UPLOAD_BYTES and MAX_PAGES). */
export const UPLOAD_LIMITS = { maxBytes: 40 * 1024 * 1024, maxPages: 500 } as const;

/** The multipart field an upload carries its file in (one file per call). */
export const UPLOAD_FIELD = 'file';

/** Media types an attachment may have (spec section 9), by file extension. */
export const ATTACHMENT_MEDIA_TYPES = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  avi: 'video/x-msvideo',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  pdf: 'application/pdf',
} as const;
export type TAttachmentExtension = keyof typeof ATTACHMENT_MEDIA_TYPES;

/** `GET /v3/signature-requests/{id}/report?type=`: the protocol as PDF (default), JSON or HTML. */
export const REPORT_TYPES = ['pdf', 'json', 'html'] as const;
export type TReportType = (typeof REPORT_TYPES)[number];
