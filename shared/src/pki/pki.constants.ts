/**
 * Where the built-in certificate authority publishes itself (outside `/api`, at the paths its
 * certificates name): the root certificate to trust, its CRL, its OCSP responder (RFC 6960:
 * POST, or GET with the base64 request appended) and the TSA's certificate.
 */
export const PKI_PATHS = {
  root: '/pki/root.crt',
  crl: '/pki/root.crl',
  ocsp: '/pki/ocsp',
  tsa: '/pki/tsa.crt',
  /** The Demo QTSP (test system): its CA certificate, its CRL and its policy (CPS and PDS). */
  demoQtspCa: '/pki/demo-qtsp.crt',
  demoQtspCrl: '/pki/demo-qtsp.crl',
  demoQtspPolicy: '/pki/demo-qtsp-policy.txt',
} as const;

/** PAdES levels a signature can reach, lowest first. */
export const PADES_LEVELS = ['B-B', 'B-T', 'B-LT', 'B-LTA'] as const;
export type TPadesLevel = (typeof PADES_LEVELS)[number];
