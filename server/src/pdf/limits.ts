/**
 * The caps every untrusted PDF is held to, off the main thread (see pool/). A PDF over a cap
 * is refused at upload with a 422 naming it, before any page is drawn; the worker's time and
 * memory limits catch whatever the caps cannot see.
 */
import {
  PAGE_IMAGE_SCALES,
  type TPageImageScale,
} from '@signet/shared/document/document.constants';
import { pageImageScale } from '@signet/shared/document/document.rules';

const MIB = 1024 * 1024;

/** Largest decompressed size of one stream that is not an image (content, font, form, …). */
export const MAX_STREAM_BYTES = 64 * MIB;

/** Largest decompressed size of all such streams of one document together. */
export const MAX_DECODED_BYTES = 512 * MIB;

/**
 * Most pixels (width × height) of one image in the file. An A4 scan at 600 dpi has 35 million;
 * 50 million decoded as RGBA is 200 MB, which a worker can draw within its memory limit.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/**
 * Most drawing operators of one page, counting each use of a form XObject with the operators
 * inside it. Dense vector pages (maps, CAD) have a few hundred thousand.
 */
export const MAX_PAGE_OPERATORS = 1_000_000;

/** Deepest nesting of form XObjects we follow when counting (deeper is refused). */
export const MAX_FORM_DEPTH = 24;

/** Most objects reachable from the catalog that the check visits before refusing. */
export const MAX_OBJECTS = 2_000_000;

/**
 * Page images exist at these scales only (percent of the page size in points; 100 = 72 dpi):
 * shared's PAGE_IMAGE_SCALES, the ones the viewer asks for (thumbnails, the normal view, and the
 * steps a page needs to be sharp on high-density screens). A request for any other scale in the
 * API's range gets the next larger one (or the largest).
 */
export const RENDER_SCALES = PAGE_IMAGE_SCALES;
export type RenderScale = TPageImageScale;
/** The scale of the first page's image made right after upload (spec section 9: default 100). */
export const DEFAULT_RENDER_SCALE: RenderScale = 100;

/** Most pixels of one page image (an A0 page at 100 % has 8.0 million; A4 at 200 % 2.0). */
export const MAX_RENDER_PIXELS = 16_000_000;

/**
 * Stored page images of one document (every page and scale together) may take this many bytes;
 * beyond it the oldest images of that document are dropped (and drawn again if asked for).
 */
export const RENDER_BUDGET_BYTES = 256 * MIB;

/** The stored scale for a requested one: the smallest allowed scale ≥ it, else the largest. */
export const renderScaleFor: (requested: number) => RenderScale = pageImageScale;
