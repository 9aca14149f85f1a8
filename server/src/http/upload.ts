import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError, isAppError } from '../errors.ts';
import type { AppEnv } from './types.ts';
import {
  assertNoControlCharacters,
  parseOrThrow,
  readJsonBody,
  validationFailed,
} from './validation.ts';

/**
 * File uploads: `multipart/form-data` (the browser's way, one file per call), JSON with the
 * file in base64 (API clients), or where a route allows it the file itself as the body
 * (`application/pdf`, `application/octet-stream`). Each way the file is streamed into a private
 * temporary file while it is hashed, so an upload holds a few buffers of memory, not the file;
 * the service gets the file's path, size and SHA-256 and never sees the request.
 *
 * Refused without reading the rest of the body where possible: a declared length over the limit
 * (413), a multipart body whose file passes the limit (413, reading stops there), and whatever
 * `checkHead` refuses in the file's first 4 KiB (e.g. 415 NOT_A_PDF). These answers close the
 * connection, so the client cannot keep sending the rest.
 */

/** A received file, in a temporary file the upload owns (removed by {@link withUpload}). */
export type UploadedFile = {
  path: string;
  size: number;
  sha256: string;
  /** The name the client gave it (multipart), if any. */
  fileName?: string;
  /** Its first 4 KiB (or all of it when smaller), for magic-byte checks. */
  head: Uint8Array;
};

export type Upload = {
  file: UploadedFile;
  /** Text fields of the multipart body, or the JSON body's fields other than the content. */
  fields: Record<string, string>;
};

export type UploadOptions<S extends z.ZodType> = {
  maxBytes: number;
  /** The multipart field holding the file (default `file`). */
  fileField?: string;
  /** Schema of the JSON alternative; its `content` is the file in base64 (none: no JSON). */
  json?: S;
  /** The file may also come as the body itself (`application/pdf`, `application/octet-stream`). */
  raw?: boolean;
  /** The 413 to answer when the file is larger than `maxBytes`. */
  tooLarge: (limit: number, size?: number) => AppError;
  /** Refuses a file by its first 4 KiB (throw an AppError). */
  checkHead?: (head: Uint8Array) => void;
};

const HEAD_BYTES = 4096;
const MIB = 1024 * 1024;

/** Answers that leave part of the body unread close the connection after them. */
function closing(e: AppError): AppError {
  return new AppError(e.code, e.status, e.message, e.details, {
    ...e.headers,
    Connection: 'close',
  });
}

/**
 * The folder of uploads in progress: `<DATA_DIR>/tmp/uploads`, on the blob store's file system,
 * so a finished upload is moved into the store, not copied.
 */
function uploadDir(dataDir: string): string {
  const dir = join(dataDir, 'tmp', 'uploads');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** Removes what a crash left in the upload folder (at start; younger files may be in use). */
export async function removeStaleUploads(
  dataDir: string,
  maxAgeMs = 60 * 60 * 1000,
): Promise<void> {
  const dir = uploadDir(dataDir);
  const cutoff = Date.now() - maxAgeMs;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const path = join(dir, name);
    const s = await stat(path).catch(() => null);
    if (s && s.mtimeMs < cutoff) await rm(path, { force: true });
  }
}

/** Writes chunks into a new temporary file, hashing them; checks the head and the size. */
async function receive(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  dir: string,
  options: Pick<UploadOptions<z.ZodType>, 'maxBytes' | 'checkHead' | 'tooLarge'>,
): Promise<UploadedFile> {
  const path = join(dir, `${Date.now()}-${randomBytes(8).toString('hex')}.upload`);
  const handle = await open(path, 'wx', 0o600);
  const hash = createHash('sha256');
  let size = 0;
  let head = new Uint8Array(0);
  let checked = false;
  const check = () => {
    checked = true;
    try {
      options.checkHead?.(head);
    } catch (e) {
      throw isAppError(e) ? closing(e) : e;
    }
  };
  try {
    for await (const chunk of chunks) {
      size += chunk.byteLength;
      if (size > options.maxBytes) throw closing(options.tooLarge(options.maxBytes));
      if (!checked) {
        head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.byteLength)]);
        if (head.byteLength >= HEAD_BYTES) check();
      }
      hash.update(chunk);
      await handle.write(chunk);
    }
    if (!checked) check();
    await handle.sync();
    await handle.close();
    return { path, size, sha256: hash.digest('hex'), head };
  } catch (e) {
    await handle.close().catch(() => {});
    await rm(path, { force: true });
    throw e;
  }
}

function invalidMultipart(message = 'not a valid multipart body'): AppError {
  return validationFailed(
    [{ in: 'body', path: [], code: 'invalid_multipart', message }],
    'Invalid request: the multipart body cannot be read',
  );
}

/** The request body as a Node stream. */
function bodyOf(c: Context<AppEnv>): Readable {
  const body = c.req.raw.body;
  if (!body) return Readable.from([]);
  return Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
}

async function readMultipart(
  c: Context<AppEnv>,
  contentType: string,
  dir: string,
  options: UploadOptions<z.ZodType>,
): Promise<Upload> {
  const fileField = options.fileField ?? 'file';
  const body = bodyOf(c);
  return new Promise<Upload>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        defParamCharset: 'utf8',
        // One more byte than allowed, so "too large" is seen rather than silently cut.
        limits: {
          files: 1,
          fileSize: options.maxBytes + 1,
          fields: 20,
          fieldSize: 64 * 1024,
          parts: 40,
        },
      });
    } catch {
      reject(invalidMultipart());
      return;
    }
    const fields: Record<string, string> = {};
    let file: Promise<UploadedFile> | undefined;
    let settled = false;
    const fail = (e: unknown) => {
      if (settled) return;
      settled = true;
      body.unpipe(parser);
      body.destroy();
      // A file finished meanwhile is not handed to anyone: remove it.
      file?.then((f) => rm(f.path, { force: true })).catch(() => {});
      reject(e);
    };
    parser.on('file', (name, stream, info) => {
      if (name !== fileField || file) {
        stream.resume(); // other file fields are not ours to keep
        return;
      }
      file = receive(stream, dir, options).then(
        (received) => ({ ...received, ...(info.filename ? { fileName: info.filename } : {}) }),
        (e: unknown) => {
          stream.resume();
          fail(e);
          throw e;
        },
      );
      file.catch(() => {});
    });
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('error', () => fail(invalidMultipart()));
    body.on('error', () => fail(invalidMultipart('the upload was interrupted')));
    parser.on('close', () => {
      if (settled) return;
      if (!file) {
        fail(
          validationFailed(
            [{ in: 'body', path: [fileField], code: 'required', message: 'a file is required' }],
            `Invalid request: send the file in the multipart field "${fileField}"`,
          ),
        );
        return;
      }
      file.then(
        (f) => {
          if (settled) return;
          settled = true;
          resolve({ file: f, fields });
        },
        (e: unknown) => fail(e),
      );
    });
    body.pipe(parser);
  });
}

/** The body itself is the file. */
function readRaw(
  c: Context<AppEnv>,
  dir: string,
  options: Pick<UploadOptions<z.ZodType>, 'maxBytes' | 'checkHead' | 'tooLarge'>,
): Promise<UploadedFile> {
  return receive(bodyOf(c), dir, options).catch((e: unknown) => {
    throw isAppError(e)
      ? e
      : validationFailed(
          [{ in: 'body', path: [], code: 'interrupted', message: 'the upload was interrupted' }],
          'Invalid request: the body cannot be read',
        );
  });
}

async function readJsonUpload(
  c: Context<AppEnv>,
  dir: string,
  options: UploadOptions<z.ZodType>,
): Promise<Upload> {
  let raw: unknown;
  try {
    raw = await readJsonBody(c.req.raw, Math.ceil((options.maxBytes * 4) / 3) + 64 * 1024);
  } catch (e) {
    if (isAppError(e) && e.code === 'PAYLOAD_TOO_LARGE')
      throw closing(options.tooLarge(options.maxBytes));
    throw e;
  }
  const parsed = parseOrThrow(options.json as z.ZodType, raw, 'body') as Record<string, unknown>;
  const bytes = new Uint8Array(Buffer.from(String(parsed.content ?? ''), 'base64'));
  if (bytes.byteLength > options.maxBytes)
    throw options.tooLarge(options.maxBytes, bytes.byteLength);
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed))
    if (k !== 'content' && typeof v === 'string') fields[k] = v;
  const file = await receive([bytes], dir, options);
  return { file, fields };
}

/**
 * Reads one upload from the request into a temporary file, runs `use` with it and removes the
 * file afterwards (whatever `use` did with it). Multipart, JSON or the raw body (where the
 * options allow them) by Content-Type; anything else is 415 UNSUPPORTED_MEDIA_TYPE. A declared Content-Length over the limit (plus framing)
 * is refused before reading.
 */
export async function withUpload<S extends z.ZodType, T>(
  c: Context<AppEnv>,
  dataDir: string,
  options: UploadOptions<S>,
  use: (upload: Upload) => Promise<T>,
): Promise<T> {
  const dir = uploadDir(dataDir);
  // The media type is case-insensitive, the multipart boundary is not (Chromium's has capitals).
  const contentType = c.req.header('content-type') ?? '';
  const type = contentType.toLowerCase();
  const declared = Number(c.req.header('content-length') ?? Number.NaN);
  const isMultipart = type.startsWith('multipart/form-data');
  const isJson = options.json !== undefined && (type === '' || type.startsWith('application/json'));
  const isRaw =
    options.raw === true &&
    (type.startsWith('application/pdf') || type.startsWith('application/octet-stream'));
  if (!isMultipart && !isJson && !isRaw) {
    const ways = [`as multipart/form-data (field "${options.fileField ?? 'file'}")`];
    if (options.raw) ways.push('as the body itself (application/pdf)');
    if (options.json) ways.push('as JSON with the content in base64');
    throw closing(
      new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        415,
        `Send the file ${ways.slice(0, -1).join(', ')}${ways.length > 1 ? ' or ' : ''}${ways.at(-1)}.`,
      ),
    );
  }
  const framing = isMultipart
    ? options.maxBytes + MIB
    : isRaw
      ? options.maxBytes
      : Math.ceil((options.maxBytes * 4) / 3) + 64 * 1024;
  if (Number.isFinite(declared) && declared > framing)
    throw closing(options.tooLarge(options.maxBytes));
  const upload = isMultipart
    ? await readMultipart(c, contentType, dir, options as UploadOptions<z.ZodType>)
    : isRaw
      ? { file: await readRaw(c, dir, options), fields: {} }
      : await readJsonUpload(c, dir, options as UploadOptions<z.ZodType>);
  try {
    // Multipart fields and the file's name are text like any other (JSON went through parseOrThrow).
    assertNoControlCharacters({ ...upload.fields, fileName: upload.file.fileName }, 'body');
    return await use(upload);
  } finally {
    await rm(upload.file.path, { force: true });
  }
}
