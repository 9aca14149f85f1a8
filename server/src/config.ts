import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import { TRIAL } from '@signet/shared/billing/billing.constants';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './security/client-ip.ts';
import { ARGON2_PARAMS, type Argon2Cost } from './security/password-hash.ts';
import { loadOrCreateSecret, MIN_SECRET_LENGTH } from './security/secret-file.ts';
import type { S3Settings } from './storage/s3-blob-store.ts';

export type Mode = 'production' | 'development' | 'test';
export type Platform = 'EU' | 'CH';

/** Server configuration, read once from the environment by {@link loadConfig}. */
export type Config = {
  port: number;
  /** Public base URL without a trailing slash, e.g. `https://signet.example.ch`. */
  publicUrl: string;
  /** Absolute directory for embedded data (PGlite in `pg/`, blobs in `blobs/`). */
  dataDir: string;
  /** PostgreSQL URL; when absent the embedded PGlite in `dataDir/pg` is used. */
  databaseUrl?: string;
  /** SMTP URL for nodemailer; when absent mails stay in the outbox, readable at /dev/mailbox. */
  smtpUrl?: string;
  mailFrom: string;
  /**
   * Secret for keys and tokens derived by the server: SIGNET_SECRET; outside production without
   * it, a random one kept in `dataDir/secret` (development) or made per process (test).
   */
  secret: string;
  mode: Mode;
  /** EU or CH, from the suffix of PUBLIC_URL's host (`.ch` → CH). */
  platform: Platform;
  /** E-mail domain whose verified users are staff (may set maintenance etc.). */
  staffEmailDomain?: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Largest PDF upload in bytes (MAX_UPLOAD_BYTES, default 40 MiB). */
  maxUploadBytes: number;
  /** Most pages an uploaded PDF may have (MAX_PAGES, default 500). */
  maxPages: number;
  /**
   * Proxies whose X-Forwarded-For entries are believed (TRUST_PROXY: a number of hops, or their
   * addresses); the client IP in rate limits and evidence is the right-most address none of them
   * vouches for. Default none: the socket address counts.
   */
  trustProxy: TrustProxy;
  /**
   * Who sends SMS codes to direct signers (SMS_PROVIDER): the sandbox (outside production by
   * default; messages land in /dev/mailbox) or none (codes go by e-mail only).
   */
  smsProvider: 'sandbox' | 'none';
  /**
   * Mobile-app signing (MAB_PROVIDER): the sandbox app (outside production by default) or none
   * (the option is not offered).
   */
  mabProvider: 'sandbox' | 'none';
  /** PDF worker processes (PDF_WORKERS, default: the CPU count, 2 to 4). */
  pdfWorkers: number;
  /**
   * Threads that do the PDF work of signing batches (SIGN_THREADS, default: 2 on a machine with
   * more than two cores, else 0 — on two cores they cost CPU and gained no time, README); 0:
   * batches sign on the main thread.
   */
  signThreads: number;
  /**
   * argon2id cost of new password hashes: always {@link ARGON2_PARAMS}, from no variable. Only the
   * route tests' app lowers it (testing/app.ts), so thousands of sign-ups do not each spend
   * 19 MiB and 50 ms; verification reads the cost from the stored hash either way.
   */
  passwordHashCost: Argon2Cost;
  /** Resident memory one PDF worker may use in MiB (PDF_WORKER_MEMORY_MB, default 512). */
  pdfWorkerMemoryMb: number;
  /** Accept PDFs with JavaScript or actions that run on opening (ALLOW_ACTIVE_CONTENT, default false). */
  allowActiveContent: boolean;
  /** Uploads read at the same time; more wait for a turn (MAX_CONCURRENT_UPLOADS, default 16). */
  maxConcurrentUploads: number;
  /** S3-compatible blob store (all four S3_* variables); absent: files under `dataDir/blobs`. */
  s3?: S3Settings;
  /**
   * An external RFC 3161 time-stamping authority (TSA_URL) for signature and document time
   * stamps; absent: the built-in TSA of the built-in CA.
   */
  tsaUrl?: string;
  /**
   * How business domains are verified (DNS_VERIFIER): `dns` asks real DNS for the TXT record
   * (default in production); `sandbox` reads the test zone filled at `/sandbox/dns` (default
   * otherwise; never in production).
   */
  dnsVerifier: 'dns' | 'sandbox';
  /** Days a new business's trial lasts (TRIAL_DAYS, default 14). */
  trialDays: number;
  /**
   * Who takes payments (PAYMENT_PROVIDER): the sandbox that behaves like Stripe, with its card
   * page at /sandbox/payments (default outside production), Stripe itself (`stripe`), or `none`
   * (default in production).
   */
  paymentProvider: 'sandbox' | 'stripe' | 'none';
  /**
   * Stripe's keys when PAYMENT_PROVIDER=stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: both
   * required then), and where its API is (STRIPE_API_BASE, optional: Stripe's own by default; a
   * stripe-mock or a local stand-in otherwise).
   */
  stripe?: { secretKey: string; webhookSecret: string; apiBase?: string };
  /**
   * Signer groups a new business gets (SIGNER_GROUP_LIMITS, `groups/participants`, default
   * `0/0`: off, as spec section 3 says). For installations without billing, whose plans would
   * otherwise decide them; stored in the business's settings at its creation.
   */
  signerGroupLimits: { maxGroups: number; maxParticipants: number };
  /** Things worth a warning at start (the logger is made after the config). */
  warnings: readonly string[];
};

/** Thrown by {@link loadConfig}; the message is one line naming the bad variable. */
export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, message: string) {
    super(message);
    this.name = 'ConfigError';
    this.variable = variable;
  }
}

const dataDirOf = (dir: string) => (isAbsolute(dir) ? dir : resolve(dir));
const empty = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(empty, z.string().optional());

const ZEnv = z.object({
  PORT: z.preprocess(
    empty,
    z.coerce
      .number({ error: 'must be an integer between 1 and 65535' })
      .int('must be an integer between 1 and 65535')
      .min(0, 'must be an integer between 1 and 65535')
      .max(65535, 'must be an integer between 1 and 65535')
      .default(3000),
  ),
  PUBLIC_URL: z.preprocess(
    empty,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://signet.example' })
      .optional(),
  ),
  DATA_DIR: z.preprocess(empty, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    empty,
    z
      .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
  ),
  SMTP_URL: z.preprocess(
    empty,
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: optionalString,
  SIGNET_SECRET: z.preprocess(
    empty,
    z
      .string()
      .min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters long`)
      .optional(),
  ),
  SIGNET_MODE: z.preprocess(
    empty,
    z
      .enum(['production', 'development', 'test'], {
        error: 'must be production, development or test',
      })
      .optional(),
  ),
  NODE_ENV: optionalString,
  STAFF_EMAIL_DOMAIN: z.preprocess(
    empty,
    z
      .string()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain such as signet.example')
      .optional(),
  ),
  MAX_UPLOAD_BYTES: z.preprocess(
    empty,
    z.coerce
      .number({ error: 'must be a whole number of bytes' })
      .int('must be a whole number of bytes')
      .min(1024, 'must be at least 1024 bytes')
      .default(40 * 1024 * 1024),
  ),
  TRIAL_DAYS: z.preprocess(
    empty,
    z.coerce
      .number({ error: 'must be a whole number of days' })
      .int('must be a whole number of days')
      .min(1, 'must be at least 1')
      .max(365, 'must be at most 365')
      .default(TRIAL.defaultDays),
  ),
  MAX_PAGES: z.preprocess(
    empty,
    z.coerce
      .number({ error: 'must be a whole number of pages' })
      .int('must be a whole number of pages')
      .min(1, 'must be at least 1')
      .default(500),
  ),
  TSA_URL: z.preprocess(
    empty,
    z
      .url({
        protocol: /^https?$/,
        error: 'must be an http(s) URL of an RFC 3161 time-stamping authority',
      })
      .optional(),
  ),
  SIGN_THREADS: z.preprocess(
    empty,
    z.coerce
      .number({ error: 'must be a whole number from 0 to 16' })
      .int('must be a whole number from 0 to 16')
      .min(0, 'must be a whole number from 0 to 16')
      .max(16, 'must be a whole number from 0 to 16')
      .optional(),
  ),
  PDF_WORKERS: z.preprocess(
    empty,
    z.coerce
      .number({ error: 'must be a whole number from 1 to 64' })
      .int('must be a whole number from 1 to 64')
      .min(1, 'must be a whole number from 1 to 64')
      .max(64, 'must be a whole number from 1 to 64')
      .optional(),
  ),
  PDF_WORKER_MEMORY_MB: z.preprocess(
    empty,
    z.coerce
      .number({ error: 'must be a whole number of MiB, at least 128' })
      .int('must be a whole number of MiB, at least 128')
      .min(128, 'must be a whole number of MiB, at least 128')
      .default(512),
  ),
  ALLOW_ACTIVE_CONTENT: z.preprocess(
    empty,
    z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).optional(),
  ),
  MAX_CONCURRENT_UPLOADS: z.preprocess(
    empty,
    z.coerce
      .number({ error: 'must be a whole number from 1' })
      .int('must be a whole number from 1')
      .min(1, 'must be a whole number from 1')
      .default(16),
  ),
  TRUST_PROXY: z.preprocess(
    empty,
    z
      .string()
      .superRefine((v, ctx) => {
        const parsed = parseTrustProxy(v);
        if (typeof parsed === 'string') {
          ctx.addIssue({
            code: 'custom',
            message: `must be false, a number of proxy hops, or proxy addresses/networks: ${parsed}`,
          });
        }
      })
      .optional(),
  ),
  SMS_PROVIDER: z.preprocess(
    empty,
    z.enum(['sandbox', 'none'], { error: 'must be sandbox or none' }).optional(),
  ),
  MAB_PROVIDER: z.preprocess(
    empty,
    z.enum(['sandbox', 'none'], { error: 'must be sandbox or none' }).optional(),
  ),
  PAYMENT_PROVIDER: z.preprocess(
    empty,
    z.enum(['sandbox', 'stripe', 'none'], { error: 'must be sandbox, stripe or none' }).optional(),
  ),
  STRIPE_SECRET_KEY: z.preprocess(
    empty,
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, { error: 'must be a Stripe secret key' })
      .optional(),
  ),
  STRIPE_API_BASE: z.preprocess(
    empty,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    empty,
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9_+/=]+$/, { error: 'must be a Stripe webhook secret (whsec_…)' })
      .optional(),
  ),
  DNS_VERIFIER: z.preprocess(
    empty,
    z.enum(['dns', 'sandbox'], { error: 'must be dns or sandbox' }).optional(),
  ),
  SIGNER_GROUP_LIMITS: z.preprocess(
    empty,
    z
      .string()
      .regex(/^\d{1,4}\/\d{1,4}$/, {
        error: 'must be groups/participants, for example 10/50 (0/0: no signer groups)',
      })
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(
    empty,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .optional(),
  ),
});

/**
 * Reads and validates the configuration from `env` (usually `process.env`).
 * Throws {@link ConfigError} with a one-line message naming the first bad variable.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    const got = env[variable];
    // Secrets are never echoed.
    const secretVariable = ['SIGNET_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'].includes(
      variable,
    );
    const shown = secretVariable || got === undefined ? '' : ` (got "${got}")`;
    throw new ConfigError(variable, `Invalid configuration: ${variable} ${issue?.message}${shown}`);
  }
  const e = parsed.data;
  const warnings: string[] = [];
  const mode: Mode =
    e.SIGNET_MODE ??
    (e.NODE_ENV === 'production' ? 'production' : e.NODE_ENV === 'test' ? 'test' : 'development');

  let secret = e.SIGNET_SECRET;
  if (!secret) {
    if (mode === 'production') {
      throw new ConfigError(
        'SIGNET_SECRET',
        'Invalid configuration: SIGNET_SECRET is required in production (at least 32 characters)',
      );
    }
    // Never a fixed, public secret: a development install gets its own random one on disk, so
    // keys survive restarts; a test run gets one that lives as long as the process.
    if (mode === 'test') {
      secret = randomBytes(32).toString('base64url');
    } else {
      const kept = loadOrCreateSecret(dataDirOf(e.DATA_DIR));
      secret = kept.secret;
      if (kept.created) {
        warnings.push(
          `SIGNET_SECRET is not set: generated a random secret into ${kept.path} (keep it with the data; set SIGNET_SECRET when several instances share a database)`,
        );
      }
    }
  }

  const port = e.PORT;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  if (mode === 'production' && !e.PUBLIC_URL) {
    throw new ConfigError(
      'PUBLIC_URL',
      'Invalid configuration: PUBLIC_URL is required in production',
    );
  }
  const dnsVerifier = e.DNS_VERIFIER ?? (mode === 'production' ? 'dns' : 'sandbox');
  if (mode === 'production' && dnsVerifier === 'sandbox') {
    throw new ConfigError(
      'DNS_VERIFIER',
      'Invalid configuration: DNS_VERIFIER=sandbox is for tests; production verifies domains by DNS',
    );
  }
  const paymentProvider = e.PAYMENT_PROVIDER ?? (mode === 'production' ? 'none' : 'sandbox');
  for (const variable of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
    if (paymentProvider === 'stripe' && !e[variable]) {
      throw new ConfigError(
        variable,
        `Invalid configuration: ${variable} is required with PAYMENT_PROVIDER=stripe`,
      );
    }
  }
  const host = new URL(publicUrl).hostname.toLowerCase();
  const platform: Platform = host.endsWith('.ch') ? 'CH' : 'EU';
  const dataDir = dataDirOf(e.DATA_DIR);
  const s3 = readS3Settings(env);
  const mailFrom = e.MAIL_FROM ?? `Signet <no-reply@${host.includes('.') ? host : 'signet.local'}>`;

  return {
    port,
    publicUrl,
    dataDir,
    ...(e.DATABASE_URL ? { databaseUrl: e.DATABASE_URL } : {}),
    ...(e.SMTP_URL ? { smtpUrl: e.SMTP_URL } : {}),
    mailFrom,
    secret,
    mode,
    platform,
    ...(e.STAFF_EMAIL_DOMAIN ? { staffEmailDomain: e.STAFF_EMAIL_DOMAIN.toLowerCase() } : {}),
    logLevel: e.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    maxPages: e.MAX_PAGES,
    pdfWorkers: e.PDF_WORKERS ?? Math.min(4, Math.max(2, availableParallelism())),
    signThreads: e.SIGN_THREADS ?? (availableParallelism() > 2 ? 2 : 0),
    passwordHashCost: ARGON2_PARAMS,
    pdfWorkerMemoryMb: e.PDF_WORKER_MEMORY_MB,
    allowActiveContent: e.ALLOW_ACTIVE_CONTENT === 'true' || e.ALLOW_ACTIVE_CONTENT === '1',
    maxConcurrentUploads: e.MAX_CONCURRENT_UPLOADS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY) as TrustProxy,
    // Sandboxes stand in for outside services; in production they are opt-in.
    smsProvider: e.SMS_PROVIDER ?? (mode === 'production' ? 'none' : 'sandbox'),
    mabProvider: e.MAB_PROVIDER ?? (mode === 'production' ? 'none' : 'sandbox'),
    ...(s3 ? { s3 } : {}),
    ...(e.TSA_URL ? { tsaUrl: e.TSA_URL } : {}),
    dnsVerifier,
    trialDays: e.TRIAL_DAYS,
    paymentProvider,
    ...(paymentProvider === 'stripe' && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
      ? {
          stripe: {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            ...(e.STRIPE_API_BASE ? { apiBase: e.STRIPE_API_BASE } : {}),
          },
        }
      : {}),
    signerGroupLimits: signerGroupLimits(e.SIGNER_GROUP_LIMITS),
    warnings,
  };
}

/** `groups/participants` as the settings name them; without a value no signer groups. */
function signerGroupLimits(value: string | undefined): Config['signerGroupLimits'] {
  const [groups, participants] = (value ?? '0/0').split('/').map(Number);
  return { maxGroups: groups ?? 0, maxParticipants: participants ?? 0 };
}

const REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const;

/**
 * Reads the S3 settings from a `process.env`-style object: undefined when none of
 * `S3_ENDPOINT`, `S3_BUCKET`, `S3_ACCESS_KEY`, `S3_SECRET_KEY` is set; all four are needed
 * together. Optional: `S3_REGION` (default us-east-1) and `S3_FORCE_PATH_STYLE`
 * (`true`/`false`, default true). Throws {@link ConfigError} naming the first bad variable.
 */
export function readS3Settings(env: Record<string, string | undefined>): S3Settings | undefined {
  const value = (name: string) => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  const present = REQUIRED.filter((name) => value(name) !== undefined);
  if (present.length === 0) return undefined;
  const missing = REQUIRED.find((name) => value(name) === undefined);
  if (missing) {
    throw new ConfigError(
      missing,
      `Invalid configuration: ${missing} is required when ${present.join(', ')} ${present.length === 1 ? 'is' : 'are'} set`,
    );
  }
  const endpoint = value('S3_ENDPOINT') as string;
  let url: URL | undefined;
  try {
    url = new URL(endpoint);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError(
      'S3_ENDPOINT',
      `Invalid configuration: S3_ENDPOINT must be an http(s) URL (got "${endpoint}")`,
    );
  }
  const bucket = value('S3_BUCKET') as string;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(
      'S3_BUCKET',
      `Invalid configuration: S3_BUCKET must be a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens (got "${bucket}")`,
    );
  }
  const pathStyle = value('S3_FORCE_PATH_STYLE')?.toLowerCase();
  if (pathStyle !== undefined && pathStyle !== 'true' && pathStyle !== 'false') {
    throw new ConfigError(
      'S3_FORCE_PATH_STYLE',
      `Invalid configuration: S3_FORCE_PATH_STYLE must be true or false (got "${pathStyle}")`,
    );
  }
  const region = value('S3_REGION');
  return {
    endpoint: endpoint.replace(/\/+$/, ''),
    bucket,
    accessKeyId: value('S3_ACCESS_KEY') as string,
    secretAccessKey: value('S3_SECRET_KEY') as string,
    ...(region ? { region } : {}),
    forcePathStyle: pathStyle !== 'false',
  };
}
