import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  X509Certificate,
} from 'node:crypto';
import {
  type CertificateRequest,
  type CertificateSubject,
  createCertificate,
  type IssuerUrls,
} from './certificates.ts';
import { demoPolicies, demoQcStatements } from './qualified.ts';
import { deriveKey, open, seal } from './secret-box.ts';
import { keySigner, type Signer } from './signer.ts';

/**
 * Signet's built-in certificate authority: a self-signed root, the platform's signing
 * certificate (SES signatures and the protocol), the time-stamping authority's certificate and
 * the OCSP responder's, created at first start; and under the root the "Demo QTSP": a CA of its
 * own (with its own OCSP responder) that issues the short-lived per-signer certificates of AES
 * and QES signatures in the test system. Private keys leave this module only encrypted with a
 * key derived from SIGNET_SECRET.
 */

type SealedPair = { certificate: string; key: string };

/**
 * What the database stores: certificates in base64 DER, keys sealed with AES-256-GCM. `tsa`,
 * `ocsp` and the Demo QTSP (`qtsp`, `qtspOcsp`) were added later: a CA stored without them gets
 * them from {@link extendCa}, under the same root, so documents signed before keep validating.
 */
export type SerializedCa = {
  version: 1;
  /** scrypt salt (base64url) for the key wrapping key. */
  salt: string;
  root: SealedPair;
  platform: SealedPair;
  tsa?: SealedPair;
  ocsp?: SealedPair;
  /** The Demo QTSP's CA certificate (under the root) and key. */
  qtsp?: SealedPair;
  /** The Demo QTSP's delegated OCSP responder (issued by the Demo QTSP CA). */
  qtspOcsp?: SealedPair;
};

export type IssueOptions = {
  subject: CertificateSubject;
  /** Defaults to EC P-256: generating it takes well under a millisecond. */
  keyType?: 'EC' | 'RSA';
  /** Defaults to now. */
  now?: Date;
  /** Where relying parties find the issuer's certificate, CRL and OCSP responder. */
  urls?: IssuerUrls;
};

/** A Demo QTSP certificate for one signer. */
export type QtspIssueOptions = IssueOptions & {
  /** How long the certificate lives; defaults to 60 minutes (an on-demand signing certificate). */
  validityMinutes?: number;
  /** QES: the qualified statements (QcType eSign, QcSSCD); AES without. */
  qualified: boolean;
  legislation?: 'EIDAS' | 'ZERTES';
  /** A seal's certificate (QcType eSeal); else a person's (eSign). */
  seal?: boolean;
  /** The demo policy's CPS and the PKI disclosure statement. */
  policyUrl: string;
};

/** A certificate issued with a fresh key: what signs, and the certificate to register. */
export type IssuedSigner = { signer: Signer; certificate: Uint8Array };

/** The Demo QTSP: a CA under the root that issues per-signer AES and QES certificates. */
export type DemoQtsp = {
  readonly certificate: Uint8Array;
  /** Signs the Demo QTSP's CRLs. */
  readonly caSigner: Signer;
  /** Signs OCSP responses about the certificates the Demo QTSP issued. */
  readonly ocspSigner: Signer;
  /**
   * Issues a fresh key and a short-lived certificate for one signer (subject = the verified
   * name), marked as a test certificate (see qualified.ts). The caller registers it.
   */
  issue(options: QtspIssueOptions): IssuedSigner;
  /**
   * The same certificate with its key handed out: for a seal, whose key Signet keeps sealed
   * (as `issueKeyPair` does for `seal.aes`).
   */
  issueKeyPair(options: QtspIssueOptions): { privateKey: KeyObject; certificate: Uint8Array };
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
  /** The Demo QTSP (per-signer certificates of the test system). */
  readonly demoQtsp: DemoQtsp;
  /**
   * Issues a fresh key and a certificate under the root, handing out the key (for keys the
   * caller stores itself: a business's seal). Defaults to 365 days.
   */
  issueKeyPair(options: IssueOptions & { validityDays?: number }): {
    privateKey: KeyObject;
    certificate: Uint8Array;
  };
};

export type CreateCaOptions = {
  organization?: string;
  country?: string;
  now?: Date;
  /** Written into the certificates the root issues (AIA and CRL distribution point). */
  urls?: IssuerUrls;
  /**
   * The platform signing key's type: EC P-256 (the default since issue #12: a signature costs
   * ≈ 0.035 ms of CPU instead of ≈ 0.8 ms with RSA-2048, and validators accept both). 'RSA'
   * (2048 bits) makes a CA as they were stored before; a stored CA keeps the key it has.
   */
  platformKey?: 'EC' | 'RSA';
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
  const platform = generateKey(options.platformKey ?? 'EC', 2048);
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
  if (serialized.tsa && serialized.ocsp && serialized.qtsp && serialized.qtspOcsp) return null;
  const key = deriveKey(secret, serialized.salt);
  const rootCertificate = unb64(serialized.root.certificate);
  const rootKey = createPrivateKey({
    key: open(key, 'root', serialized.root.key),
    format: 'der',
    type: 'pkcs8',
  });
  const now = options.now ?? new Date();
  const organization = options.organization ?? 'Signet';
  const issue = (
    label: 'tsa' | 'ocsp' | 'qtsp' | 'qtspOcsp',
    profile: 'tsa' | 'ocsp' | 'ca',
    subject: CertificateSubject,
    issuer: { certificate: Uint8Array; privateKey: KeyObject },
    urls: IssuerUrls | undefined,
  ): SealedPair => {
    const pair = generateKey('EC');
    const certificate = createCertificate({
      subject,
      publicKey: pair.publicKey,
      issuer,
      profile,
      notBefore: new Date(now.getTime() - DAY),
      notAfter: new Date(now.getTime() + 10 * 365 * DAY),
      urls,
    });
    return { certificate: b64(certificate), key: seal(key, label, pkcs8(pair.privateKey)) };
  };
  const root = { certificate: rootCertificate, privateKey: rootKey };
  const named = (commonName: string) => ({ commonName, organization, country: options.country });
  const tsa =
    serialized.tsa ??
    issue('tsa', 'tsa', named(`${organization} Time-Stamping Authority`), root, options.urls);
  const ocsp =
    serialized.ocsp ??
    issue('ocsp', 'ocsp', named(`${organization} OCSP Responder`), root, options.urls);
  const qtsp =
    serialized.qtsp ??
    issue(
      'qtsp',
      'ca',
      {
        ...named(`${organization} Demo QTSP CA`),
        organizationalUnit: 'TEST SYSTEM - not qualified',
      },
      root,
      options.urls,
    );
  const qtspOcsp =
    serialized.qtspOcsp ??
    issue(
      'qtspOcsp',
      'ocsp',
      named(`${organization} Demo QTSP OCSP Responder`),
      {
        certificate: unb64(qtsp.certificate),
        privateKey: createPrivateKey({
          key: open(key, 'qtsp', qtsp.key),
          format: 'der',
          type: 'pkcs8',
        }),
      },
      undefined,
    );
  return { ...serialized, tsa, ocsp, qtsp, qtspOcsp };
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
  const pairKey = (
    label: 'tsa' | 'ocsp' | 'qtsp' | 'qtspOcsp',
    pair: SealedPair | undefined,
  ): { certificate: Uint8Array; privateKey: KeyObject } => {
    if (!pair) throw new Error(`The stored CA has no ${label} certificate (extendCa first)`);
    const certificate = unb64(pair.certificate);
    const privateKey = createPrivateKey({
      key: open(key, label, pair.key),
      format: 'der',
      type: 'pkcs8',
    });
    assertKeyMatches(privateKey, certificate);
    return { certificate, privateKey };
  };
  const pairSigner = (label: 'tsa' | 'ocsp', pair: SealedPair | undefined): Signer => {
    const { certificate, privateKey } = pairKey(label, pair);
    return keySigner(privateKey, [certificate, rootCertificate]);
  };
  const qtsp = pairKey('qtsp', serialized.qtsp);
  const qtspOcsp = pairKey('qtspOcsp', serialized.qtspOcsp);
  const qtspChain = [qtsp.certificate, rootCertificate];
  const issueFromQtsp = (options: QtspIssueOptions) => {
    const now = options.now ?? new Date();
    return issueEndEntity(qtsp, {
      ...options,
      notAfter: new Date(now.getTime() + (options.validityMinutes ?? 60) * 60_000),
      extensions: {
        policies: demoPolicies(options.policyUrl),
        qcStatements: demoQcStatements({
          qualified: options.qualified,
          pdsUrl: options.policyUrl,
          ...(options.seal ? { seal: true } : {}),
          ...(options.legislation ? { legislation: options.legislation } : {}),
        }),
      },
    });
  };
  return {
    rootCertificate,
    platformCertificate,
    platformSigner,
    tsaSigner: pairSigner('tsa', serialized.tsa),
    ocspSigner: pairSigner('ocsp', serialized.ocsp),
    rootSigner: keySigner(rootKey, [rootCertificate]),
    demoQtsp: {
      certificate: qtsp.certificate,
      caSigner: keySigner(qtsp.privateKey, qtspChain),
      ocspSigner: keySigner(qtspOcsp.privateKey, [qtspOcsp.certificate, ...qtspChain]),
      issue(options) {
        const { privateKey, certificate } = issueFromQtsp(options);
        return { certificate, signer: keySigner(privateKey, [certificate, ...qtspChain]) };
      },
      issueKeyPair: issueFromQtsp,
    },
    issueKeyPair(options) {
      const now = options.now ?? new Date();
      return issueEndEntity(
        { certificate: rootCertificate, privateKey: rootKey },
        { ...options, notAfter: new Date(now.getTime() + (options.validityDays ?? 365) * DAY) },
      );
    },
  };
}

/** A fresh key and an end-entity signing certificate for it, from `issuer`. */
function issueEndEntity(
  issuer: { certificate: Uint8Array; privateKey: KeyObject },
  options: IssueOptions & {
    notAfter: Date;
    extensions?: Pick<CertificateRequest, 'policies' | 'qcStatements'>;
  },
): { privateKey: KeyObject; certificate: Uint8Array } {
  const now = options.now ?? new Date();
  const pair = generateKey(options.keyType ?? 'EC', 2048);
  const certificate = createCertificate({
    subject: options.subject,
    publicKey: pair.publicKey,
    issuer,
    profile: 'signing',
    notBefore: new Date(now.getTime() - 60_000),
    notAfter: options.notAfter,
    urls: options.urls,
    ...options.extensions,
  });
  return { privateKey: pair.privateKey, certificate };
}

function assertKeyMatches(privateKey: KeyObject, certificate: Uint8Array): void {
  const fromKey = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
  const fromCert = new X509Certificate(certificate).publicKey.export({
    type: 'spki',
    format: 'der',
  });
  if (!fromKey.equals(fromCert)) throw new Error('CA key does not match its certificate');
}
