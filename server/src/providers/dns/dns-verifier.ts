/**
 * How a domain's TXT records are read to verify it. The real one asks DNS; the sandbox one (test
 * mode) reads a zone kept in the database that a tester fills at `/sandbox/dns`, with a delay and
 * occasional failures like a resolver's.
 */
export type TxtLookup =
  /** The TXT records at `name` (each record's strings joined). */
  | { kind: 'found'; records: string[] }
  /** The name does not exist or has no TXT records: keep waiting. */
  | { kind: 'none' }
  /** The resolver failed (timeout, SERVFAIL): try again later. */
  | { kind: 'error'; message: string };

export type DnsVerifier = {
  kind: 'dns' | 'sandbox';
  lookupTxt: (name: string) => Promise<TxtLookup>;
};
