import { findControlCharacter } from '@signet/shared/validation/text.rules';
import type { TValidationIssue } from '@signet/shared/validation/validation.issues';
import type { z } from 'zod';
import { AppError } from '../errors.ts';

/** One validation problem, as sent in `details` of a 400 VALIDATION_FAILED (shared's shape). */
export type ValidationIssue = TValidationIssue;

/** The form-facing extras of a zod issue (see `validation.issues.ts` in shared). */
function extras(issue: z.core.$ZodIssue): Pick<ValidationIssue, 'rule' | 'minimum' | 'maximum'> {
  const out: Pick<ValidationIssue, 'rule' | 'minimum' | 'maximum'> = {};
  const rule =
    issue.code === 'custom'
      ? (issue.params as { rule?: unknown } | undefined)?.rule
      : issue.code === 'invalid_format' && issue.format === 'email'
        ? 'email'
        : undefined;
  if (typeof rule === 'string') out.rule = rule;
  if (issue.code === 'too_small' && typeof issue.minimum === 'number') out.minimum = issue.minimum;
  if (issue.code === 'too_big' && typeof issue.maximum === 'number') out.maximum = issue.maximum;
  return out;
}

/** Maps zod issues to the JSON we send. */
export function toIssues(error: z.ZodError, where?: ValidationIssue['in']): ValidationIssue[] {
  return error.issues.map((i) => ({
    ...(where ? { in: where } : {}),
    path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    code: i.code,
    message: i.message,
    ...extras(i),
  }));
}

/** The 400 every bad input gets. */
export function validationFailed(issues: ValidationIssue[], message?: string): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    400,
    message ??
      `Invalid request: ${issues[0]?.path.join('.') || issues[0]?.in || 'input'} ${issues[0]?.message ?? ''}`.trim(),
    issues,
  );
}

/**
 * 400 VALIDATION_FAILED when a string (or key) anywhere in `value` holds a control character
 * (the shared rule of `text.rules.ts`): every input the API reads passes here first.
 */
export function assertNoControlCharacters(value: unknown, where: ValidationIssue['in']): void {
  const path = findControlCharacter(value);
  if (!path) return;
  throw validationFailed([
    {
      in: where,
      path,
      code: 'control_character',
      // Forms show it as the field's format message (shared formRuleOf).
      rule: 'format',
      message: 'must not contain control characters',
    },
  ]);
}

/**
 * Parses `value` with `schema`, throwing 400 VALIDATION_FAILED naming `where`; text with
 * control characters is refused before the schema sees it.
 */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: ValidationIssue['in'],
): z.output<S> {
  assertNoControlCharacters(value, where);
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  throw validationFailed(toIssues(r.error, where));
}

/** Largest JSON body the API accepts. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;

/**
 * Reads a body into memory with a limit: a declared Content-Length over it is refused at once,
 * and a streamed body is cut off as soon as it passes it, without buffering the rest.
 *
 * A body with a declared length within the limit is read whole (`arrayBuffer()`): Node's HTTP
 * parser delivers exactly the declared bytes (more would be the next request on the
 * connection), and @hono/node-server then reads its request straight from Node's stream instead
 * of building a web Request around a web stream (≈ 1 ms of CPU per call on `POST /v3/sign`, issue
 * 12). The size is checked again after reading, for a Request built in process with a length
 * that does not match its body.
 */
export async function readLimited(
  req: Request,
  limit: number,
  tooBig: () => AppError,
): Promise<Uint8Array> {
  const length = req.headers.get('content-length');
  if (length !== null) {
    const declared = Number(length);
    if (declared > limit) throw tooBig();
    if (Number.isSafeInteger(declared) && declared >= 0) {
      const bytes = new Uint8Array(await req.arrayBuffer());
      if (bytes.byteLength > limit) throw tooBig();
      return bytes;
    }
  }
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooBig();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/**
 * Reads a request body as JSON with a size limit: 413 PAYLOAD_TOO_LARGE when it is larger,
 * 400 VALIDATION_FAILED when it is not JSON. An empty body reads as `undefined`.
 */
export async function readJsonBody(req: Request, limit = MAX_JSON_BODY_BYTES): Promise<unknown> {
  const tooLarge = () =>
    new AppError('PAYLOAD_TOO_LARGE', 413, `Request body larger than ${limit} bytes`, { limit });
  const bytes = await readLimited(req, limit, tooLarge);
  if (bytes.byteLength === 0) return undefined;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  try {
    return JSON.parse(text);
  } catch (e) {
    throw validationFailed(
      [{ in: 'body', path: [], code: 'invalid_json', message: (e as Error).message }],
      'Invalid request: the body is not valid JSON',
    );
  }
}
