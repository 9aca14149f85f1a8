import { createHash, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import {
  der,
  fromDer,
  generalizedTimeDer,
  integerDer,
  OID,
  oidDer,
  randomSerial,
  randomSerialBytes,
  sha256Algorithm,
  tlv,
  toArrayBuffer,
} from '../der.ts';
import { signData } from '../signed-data.ts';
import type { Signer } from '../signer.ts';
import { readTimestampToken } from './timestamp-token.ts';

/**
 * Where signature and document time stamps come from (PAdES B-T and B-LTA): the built-in
 * RFC 3161 TSA of the built-in CA by default, any RFC 3161 service over HTTP with `TSA_URL`.
 */
export type TimestampAuthority = {
  /** 'built-in', or the external service's URL (for logs and evidence). */
  readonly name: string;
  /** A TimeStampToken (DER ContentInfo) over a SHA-256 digest. */
  timestamp(digest: Uint8Array): Promise<Uint8Array>;
  /** The most bytes one token takes (what a PDF signature reserves for it). */
  maxTokenBytes(): Promise<number>;
};

const SHA256_ALGORITHM = der(sha256Algorithm().toSchema());

/** Signet's TSA policy (an OID under the UUID arc 2.25, ITU-T X.667: no registration needed). */
export const TSA_POLICY = '2.25.108525148176346373500014817111002937427';

/**
 * The built-in TSA: signs TSTInfo with the TSA certificate of the built-in CA (EC P-256, critical
 * EKU id-kp-timeStamping), in process. Times are whole seconds (accuracy ±1 s), serials random
 * 128-bit numbers; the token carries the TSA certificate.
 */
export function builtinTsa(
  signer: Signer,
  clock: () => Date = () => new Date(),
): TimestampAuthority {
  let max: number | undefined;
  const tsa: TimestampAuthority = {
    name: 'built-in',
    async timestamp(digest) {
      return issueToken(signer, digest, clock());
    },
    async maxTokenBytes() {
      // Every field has a fixed size but the ECDSA signature (70–72 bytes): one sample + slack.
      max ??= (await issueToken(signer, new Uint8Array(32), new Date())).length + 8;
      return max;
    },
  };
  return tsa;
}

/** One token: TSTInfo (RFC 3161 2.4.2) in SignedData with ESS signing-certificate-v2. */
export async function issueToken(
  signer: Signer,
  digest: Uint8Array,
  now: Date,
  options: { nonce?: Uint8Array; policy?: string } = {},
): Promise<Uint8Array> {
  if (digest.length !== 32) throw new Error('The built-in TSA stamps SHA-256 digests');
  const content = tlv(
    0x30,
    integerDer(Uint8Array.of(1)),
    oidDer(options.policy ?? TSA_POLICY),
    tlv(0x30, SHA256_ALGORITHM, tlv(0x04, digest)),
    integerDer(randomSerialBytes()),
    generalizedTimeDer(now),
    tlv(0x30, integerDer(Uint8Array.of(1))), // accuracy: 1 second
    ...(options.nonce ? [integerDer(options.nonce)] : []),
  );
  const signed = await signData({
    signer,
    eContentType: OID.tstInfo,
    eContent: content,
    digest: createHash('sha256').update(content).digest(),
    // RFC 3161: the TSA's certificate (what ESSCertIDv2 names); the root is the relying party's.
    certificates: signer.certificateChain.slice(0, 1),
  });
  return signed.encode();
}

export class TimestampError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimestampError';
  }
}

const MAX_RESPONSE_BYTES = 256 * 1024;

/**
 * An external RFC 3161 TSA over HTTP (RFC 3161 3.4): POST application/timestamp-query with a
 * nonce and certReq, checks status, imprint and nonce of the answer. The token size is learnt
 * from the first answer (a probe) and kept with a margin.
 */
export function httpTsa(
  url: string,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): TimestampAuthority {
  const doFetch = options.fetch ?? fetch;
  let max: number | undefined;
  const request = async (digest: Uint8Array): Promise<Uint8Array> => {
    const nonce = randomSerial(randomBytes(8));
    const req = new pkijs.TimeStampReq({
      version: 1,
      messageImprint: new pkijs.MessageImprint({
        hashAlgorithm: sha256Algorithm(),
        hashedMessage: new asn1js.OctetString({ valueHex: toArrayBuffer(digest) }),
      }),
      nonce,
      certReq: true,
    });
    let res: Response;
    try {
      res = await doFetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/timestamp-query' },
        body: Buffer.from(der(req.toSchema())),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (e) {
      throw new TimestampError(`The time-stamping authority did not answer (${String(e)})`);
    }
    if (!res.ok) throw new TimestampError(`The time-stamping authority answered ${res.status}`);
    const body = new Uint8Array(await res.arrayBuffer());
    if (body.length > MAX_RESPONSE_BYTES) throw new TimestampError('Time-stamp answer too large');
    let token: Uint8Array;
    try {
      const resp = new pkijs.TimeStampResp({ schema: fromDer(body) });
      if (resp.status.status > 1 || !resp.timeStampToken) {
        throw new TimestampError(
          `The time-stamping authority refused (status ${resp.status.status})`,
        );
      }
      token = der(resp.timeStampToken.toSchema());
    } catch (e) {
      if (e instanceof TimestampError) throw e;
      throw new TimestampError('The time-stamping authority sent an unreadable answer');
    }
    const read = readTimestampToken(token);
    if (!Buffer.from(read.imprint.digest).equals(Buffer.from(digest))) {
      throw new TimestampError('The time stamp is over another digest');
    }
    const sent = BigInt(`0x${Buffer.from(nonce.valueBlock.valueHexView).toString('hex')}`);
    if (read.nonce !== sent) throw new TimestampError('The time stamp answers another request');
    if (!read.signatureValid) throw new TimestampError('The time stamp signature does not hold');
    return token;
  };
  return {
    name: url,
    timestamp: async (digest) => {
      const token = await request(digest);
      if (max !== undefined && token.length > max) max = token.length + 512;
      return token;
    },
    async maxTokenBytes() {
      // Serial numbers, names and signatures vary between answers: a generous margin.
      max ??= (await request(new Uint8Array(32))).length + 512;
      return max;
    },
  };
}
