import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  X509Certificate,
} from 'node:crypto';
import { type CertificateSubject, createCertificate, type IssuerUrls } from './certificates.ts';
import { deriveKey, open, seal } from './secret-box.ts';
import { keySigner, type Signer } from './signer.ts';

/**
 * Signet's built-in certificate authority: a self-signed root, the platform's signing
 * certificate (SES signatures and the protocol), the time-stamping authority's certificate and
 * the OCSP responder's, created at first start. Private keys leave this module only encrypted
 * with a key derived from SIGNET_SECRET.
 */

type SealedPair = { certificate: string; key: string };

/**
 * What the database stores: certificates in base64 DER, keys sealed with AES-256-GCM. `tsa` and
 * `ocsp` were added later: a CA stored without them gets them from {@link extendCa}, under the
 * same root, so documents signed before keep validating.
 */
export type SerializedCa = {
  version: 1;
  /** scrypt salt (base64url) for the key wrapping key. */
  salt: string;
  root: SealedPair;
  platform: SealedPair;
  tsa?: SealedPair;
  ocsp?: SealedPair;
};

export type IssueOptions = {
  subject: CertificateSubject;
  /** Defaults to EC P-256: generating it takes well under a millisecond. */
  keyType?: 'EC' | 'RSA';
  /** Defaults to now. */
  now?: Date;
  /** Defaults to 365 days. */
  validityDays?: number;
  /** Where relying parties find the root's certificate, CRL and OCSP responder. */
  urls?: IssuerUrls;
};

export type CertificateAuthority = {
  readonly rootCertificate: Uint8Array;
  readonly platformCertificate: Uint8Array;
  /** Signs with the platform certificate (SES, protocol). */
  readonly platformSigner: Signer;
  /** Signs RFC 3161 time stamps (EC P-256; chain: TSA certificate, root). */
  readonly tsaSigner: Signer;
  /** Signs OCSP responses (EC P-256, delegated responder; chain: responder certificate, root). */
  readonly ocspSigner: Signer;
  /** Signs with the root key: CRLs. */
  readonly rootSigner: Signer;
  /** Issues a fresh key and certificate under the root (sandbox per-signer certificates). */
  issueSigner(options: IssueOptions): Signer;
  /** The same, handing out the key (for keys the caller stores itself: a business's seal). */
  issueKeyPair(options: IssueOptions): { privateKey: KeyObject; certificate: Uint8Array };
};

export type CreateCaOptions = {
  organization?: string;
  country?: string;
  now?: Date;
  /** Written into the certificates the root issues (AIA and CRL distribution point). */
  urls?: IssuerUrls;
};

const DAY = 86_400_000;

function generateKey(
  type: 'EC' | 'RSA',
  rsaBits = 3072,
): { privateKey: KeyObject; publicKey: KeyObject } {
  return type === 'EC'
    ? generateKeyPairSync('ec', { namedCurve: 'P-256' })
    : generateKeyPairSync('rsa', { modulusLength: rsaBits });
}

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const unb64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));
const pkcs8 = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'der' });

/** Creates a new root and platform certificate; the result is safe to store (keys encrypted). */
export function createCa(secret: string, options: CreateCaOptions = {}): SerializedCa {
  const key = deriveKey(secret); // first, so a bad secret fails before the slow key generation
  const now = options.now ?? new Date();
  const organization = options.organization ?? 'Signet';
  const notBefore = new Date(now.getTime() - DAY); // tolerate clock skew of verifiers
  const root = generateKey('RSA');
  const rootCertificate = createCertificate({
    subject: { commonName: `${organization} Root CA`, organization, country: options.country },
    publicKey: root.publicKey,
    selfKey: root.privateKey,
    profile: 'ca',
    notBefore,
    notAfter: new Date(now.getTime() + 20 * 365 * DAY),
  });
  const platform = generateKey('RSA', 2048);
  const platformCertificate = createCertificate({
    subject: {
      commonName: `${organization} Platform Signing`,
      organization,
      country: options.country,
    },
    publicKey: platform.publicKey,
    issuer: { certificate: rootCertificate, privateKey: root.privateKey },
    profile: 'signing',
    notBefore,
    notAfter: new Date(now.getTime() + 5 * 365 * DAY),
    urls: options.urls,
  });
  const base: SerializedCa = {
    version: 1,
    salt: key.salt,
    root: { certificate: b64(rootCertificate), key: seal(key, 'root', pkcs8(root.privateKey)) },
    platform: {
      certificate: b64(platformCertificate),
      key: seal(key, 'platform', pkcs8(platform.privateKey)),
    },
  };
  return extendCa(base, secret, options) ?? base;
}

/**
 * Issues what a stored CA lacks (the TSA and the OCSP responder certificate, EC P-256, ten
 * years) under its root; null when nothing is missing.
 */
export function extendCa(
  serialized: SerializedCa,
  secret: string,
  options: CreateCaOptions = {},
): SerializedCa | null {
  if (serialized.tsa && serialized.ocsp) return null;
  const key = deriveKey(secret, serialized.salt);
  const rootCertificate = unb64(serialized.root.certificate);
  const rootKey = createPrivateKey({
    key: open(key, 'root', serialized.root.key),
    format: 'der',
    type: 'pkcs8',
  });
  const now = options.now ?? new Date();
  const organization = options.organization ?? 'Signet';
  const issue = (profile: 'tsa' | 'ocsp', commonName: string): SealedPair => {
    const pair = generateKey('EC');
    const certificate = createCertificate({
      subject: { commonName, organization, country: options.country },
      publicKey: pair.publicKey,
      issuer: { certificate: rootCertificate, privateKey: rootKey },
      profile,
      notBefore: new Date(now.getTime() - DAY),
      notAfter: new Date(now.getTime() + 10 * 365 * DAY),
      urls: options.urls,
    });
    return { certificate: b64(certificate), key: seal(key, profile, pkcs8(pair.privateKey)) };
  };
  return {
    ...serialized,
    tsa: serialized.tsa ?? issue('tsa', `${organization} Time-Stamping Authority`),
    ocsp: serialized.ocsp ?? issue('ocsp', `${organization} OCSP Responder`),
  };
}

/** Decrypts a stored CA; a wrong secret throws AppError CA_KEY_DECRYPTION_FAILED. */
export function loadCa(serialized: SerializedCa, secret: string): CertificateAuthority {
  if (serialized.version !== 1)
    throw new Error(`Unknown CA format version ${String(serialized.version)}`);
  const key = deriveKey(secret, serialized.salt);
  const rootCertificate = unb64(serialized.root.certificate);
  const platformCertificate = unb64(serialized.platform.certificate);
  const rootKey = createPrivateKey({
    key: open(key, 'root', serialized.root.key),
    format: 'der',
    type: 'pkcs8',
  });
  const platformKey = createPrivateKey({
    key: open(key, 'platform', serialized.platform.key),
    format: 'der',
    type: 'pkcs8',
  });
  assertKeyMatches(platformKey, platformCertificate);
  const platformSigner = keySigner(platformKey, [platformCertificate, rootCertificate]);
  const pairSigner = (label: 'tsa' | 'ocsp', pair: SealedPair | undefined): Signer => {
    if (!pair) throw new Error(`The stored CA has no ${label} certificate (extendCa first)`);
    const certificate = unb64(pair.certificate);
    const privateKey = createPrivateKey({
      key: open(key, label, pair.key),
      format: 'der',
      type: 'pkcs8',
    });
    assertKeyMatches(privateKey, certificate);
    return keySigner(privateKey, [certificate, rootCertificate]);
  };
  return {
    rootCertificate,
    platformCertificate,
    platformSigner,
    tsaSigner: pairSigner('tsa', serialized.tsa),
    ocspSigner: pairSigner('ocsp', serialized.ocsp),
    rootSigner: keySigner(rootKey, [rootCertificate]),
    issueSigner(options) {
      const { privateKey, certificate } = this.issueKeyPair(options);
      return keySigner(privateKey, [certificate, rootCertificate]);
    },
    issueKeyPair(options) {
      const now = options.now ?? new Date();
      const pair = generateKey(options.keyType ?? 'EC', 2048);
      const certificate = createCertificate({
        subject: options.subject,
        publicKey: pair.publicKey,
        issuer: { certificate: rootCertificate, privateKey: rootKey },
        profile: 'signing',
        notBefore: new Date(now.getTime() - 60_000),
        notAfter: new Date(now.getTime() + (options.validityDays ?? 365) * DAY),
        ...(options.urls ? { urls: options.urls } : {}),
      });
      return { privateKey: pair.privateKey, certificate };
    },
  };
}

function assertKeyMatches(privateKey: KeyObject, certificate: Uint8Array): void {
  const fromKey = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  const fromCert = new X509Certificate(certificate).publicKey.export({
    type: 'spki',
    format: 'der',
  });
  if (!fromKey.equals(fromCert)) throw new Error('CA key does not match its certificate');
}
