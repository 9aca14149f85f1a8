import { createHash } from 'node:crypto';
import { AppError } from '../errors.ts';

/** What {@link BlobStore.put} returns: the content key (the SHA-256 in hex), the hash and the size. */
export type PutResult = { key: string; sha256: string; size: number };

export type PutOptions = {
  contentType?: string;
  /**
   * The SHA-256 (hex) of `bytes` when the caller already computed it along the way (a signature
   * hashes the file anyway): saves hashing the file again. Trusted, so only for our own bytes.
   */
  sha256?: string;
  /**
   * The caller hands `bytes` over and will not read them again: a store may move their buffer
   * to another thread instead of copying it (the fs store's writer thread).
   */
  handOver?: boolean;
};

/**
 * Where PDFs, images and page renders live. Two kinds of keys share one namespace:
 *
 * - content keys: the lowercase SHA-256 hex of the bytes, written by {@link BlobStore.put};
 *   writing the same bytes twice is a no-op that returns the same key;
 * - derived keys: at least two `/`-separated segments such as `render/<sha256>/1@100.png`,
 *   written by {@link BlobStore.putAt} (a later write replaces the earlier one).
 *
 * Keys are lowercase `[a-z0-9._@=-]` segments that do not start with a dot, at most 512
 * characters; anything else throws {@link InvalidBlobKeyError} before touching storage.
 * Writes are atomic: a reader sees the old object, the whole new one, or nothing.
 */
export type BlobStore = {
  readonly kind: 'fs' | 's3';
  /** Stores `bytes` under their SHA-256; idempotent. */
  put(bytes: Uint8Array, options?: PutOptions): Promise<PutResult>;
  /**
   * Stores the file at `path` under its SHA-256 (`file.sha256`, computed by whoever wrote it),
   * streaming it: the bytes are never held in memory whole. The file may be moved away (it is
   * a temporary file the caller removes afterwards either way). Idempotent like `put`.
   */
  putFile(
    path: string,
    file: { sha256: string; size: number },
    options?: PutOptions,
  ): Promise<PutResult>;
  /** Stores `bytes` under a derived key (not a content key), replacing what was there. */
  putAt(key: string, bytes: Uint8Array, options?: PutOptions): Promise<void>;
  /** The bytes stored under `key`, or null when there are none. */
  get(key: string): Promise<Uint8Array | null>;
  has(key: string): Promise<boolean>;
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every derived key under `prefix` (which ends with `/`), e.g. `render/<sha256>/`. */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * A file on this machine holding the blob, when the store keeps it as one (a PDF worker then
   * reads it instead of receiving the bytes); null otherwise.
   */
  localPath(key: string): string | null;
};

/** Thrown for a key outside the rules of {@link BlobStore}: a programming error, not user input. */
export class InvalidBlobKeyError extends Error {
  readonly key: string;
  constructor(key: string, reason: string) {
    super(`Invalid blob key ${JSON.stringify(key.slice(0, 100))}: ${reason}`);
    this.name = 'InvalidBlobKeyError';
    this.key = key;
  }
}

/** A blob the caller expected (e.g. a document's PDF) is not in the store. */
export class BlobNotFoundError extends AppError {
  constructor(key: string) {
    super('BLOB_NOT_FOUND', 404, 'The stored file was not found.', { key });
  }
}

const CONTENT_KEY = /^[0-9a-f]{64}$/;
const SEGMENT = /^[a-z0-9][a-z0-9._@=-]*$/;
const MAX_KEY_LENGTH = 512;

/** Whether `key` is a content key (a lowercase SHA-256 hex). */
export function isContentKey(key: string): boolean {
  return CONTENT_KEY.test(key);
}

/** Throws {@link InvalidBlobKeyError} unless `key` is a content key or a valid derived key. */
export function assertBlobKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw new InvalidBlobKeyError(key, 'empty');
  if (key.length > MAX_KEY_LENGTH) throw new InvalidBlobKeyError(key, 'too long');
  if (isContentKey(key)) return;
  const segments = key.split('/');
  if (segments.length < 2) {
    throw new InvalidBlobKeyError(key, 'neither a SHA-256 nor a path of two or more segments');
  }
  for (const s of segments) {
    if (!SEGMENT.test(s)) {
      throw new InvalidBlobKeyError(key, `bad segment ${JSON.stringify(s)}`);
    }
  }
}

/** Throws unless `key` is a valid derived key (what {@link BlobStore.putAt} accepts). */
export function assertDerivedKey(key: string): void {
  assertBlobKey(key);
  if (isContentKey(key)) {
    throw new InvalidBlobKeyError(key, 'content keys are written with put(), not putAt()');
  }
}

/** Throws unless `prefix` is one or more valid segments followed by `/`. */
export function assertKeyPrefix(prefix: string): void {
  if (typeof prefix !== 'string' || !prefix.endsWith('/') || prefix.length > MAX_KEY_LENGTH) {
    throw new InvalidBlobKeyError(String(prefix), 'a prefix ends with "/"');
  }
  for (const s of prefix.slice(0, -1).split('/')) {
    if (!SEGMENT.test(s)) throw new InvalidBlobKeyError(prefix, `bad segment ${JSON.stringify(s)}`);
  }
}

/** Lowercase hex SHA-256 of `bytes`. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
