import { OID, oidDer, tlv } from './der.ts';

/**
 * What makes a per-signer certificate of the Demo QTSP recognisable as such: its certificate
 * policy (Signet's demo policy with a CPS link and a user notice saying it is a test) and its
 * qcStatements (ETSI EN 319 412-5). A demo certificate never claims QcCompliance, so no
 * validator can take it for a qualified certificate; it carries Signet's own "test" statement
 * instead, next to the statements a real QES certificate has (QcType eSign, QcSSCD, QcPDS and,
 * under ZertES, QcCClegislation CH).
 */

/** Signet's arc (UUID-based, 2.25): the demo certificate policy and the "test" statement. */
export const DEMO_POLICY_OID = '2.25.108525148176346373500014817111002937427.2.1';
export const DEMO_QC_STATEMENT_OID = '2.25.108525148176346373500014817111002937427.2.2';

/** What the policy's user notice and the test statement say (ASCII: a VisibleString). */
export const DEMO_NOTICE =
  'TEST SYSTEM - Signet Demo QTSP: not a qualified certificate, no legal effect';

const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
const ia5 = (text: string) => tlv(0x16, Buffer.from(text, 'latin1'));
const seq = (...parts: Uint8Array[]) => tlv(0x30, ...parts);

/** certificatePolicies with the demo policy, its CPS and the user notice. */
export function demoPolicies(cpsUrl: string): Uint8Array {
  const cps = seq(oidDer(OID.cpsQualifier), ia5(cpsUrl));
  // UserNotice ::= SEQUENCE { explicitText DisplayText } (here a UTF8String)
  const notice = seq(oidDer(OID.userNoticeQualifier), seq(utf8(DEMO_NOTICE)));
  return seq(seq(oidDer(DEMO_POLICY_OID), seq(cps, notice)));
}

export type QcStatementOptions = {
  /** QES: QcSSCD (the key is in a qualified device, here simulated) and QcType eSign or eSeal. */
  qualified: boolean;
  /** A seal's certificate (QcType eSeal) rather than a person's (eSign). */
  seal?: boolean;
  /** ZertES certificates name the Swiss legislation (QcCClegislation "CH"). */
  legislation?: 'EIDAS' | 'ZERTES';
  /** Where the PKI disclosure statement is (QcPDS, English). */
  pdsUrl: string;
};

/** The qcStatements extension value (SEQUENCE OF QCStatement). */
export function demoQcStatements(options: QcStatementOptions): Uint8Array {
  const statements: Uint8Array[] = [seq(oidDer(DEMO_QC_STATEMENT_OID), utf8(DEMO_NOTICE))];
  if (options.qualified) {
    statements.push(
      seq(oidDer(OID.qcType), seq(oidDer(options.seal ? OID.qcTypeEseal : OID.qcTypeEsign))),
      seq(oidDer(OID.qcSscd)),
    );
  }
  // QcPDS: SEQUENCE OF PdsLocation { url IA5String, language PrintableString (2) }
  statements.push(
    seq(oidDer(OID.qcPds), seq(seq(ia5(options.pdsUrl), tlv(0x13, Buffer.from('en'))))),
  );
  if (options.legislation === 'ZERTES') {
    statements.push(seq(oidDer(OID.qcCcLegislation), seq(tlv(0x13, Buffer.from('CH')))));
  }
  return seq(...statements);
}
