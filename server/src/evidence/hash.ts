import { createHash } from 'node:crypto';

/** prevHash of the first entry of every chain. */
export const GENESIS_HASH = '0'.repeat(64);

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The hashed content of one evidence entry. */
export type EventContent = {
  requestId: string;
  seq: number;
  type: string;
  actorId: string | null;
  actorEmail: string | null;
  at: Date;
  ip: string | null;
  userAgent: string | null;
  documentSha256: string[];
  data: Record<string, unknown>;
  prevHash: string;
};

/** SHA-256 (hex) over the canonical JSON of an entry's content, including the previous hash. */
export function eventHash(e: EventContent): string {
  const content = canonicalJson({
    v: 1,
    requestId: e.requestId,
    seq: e.seq,
    type: e.type,
    actorId: e.actorId,
    actorEmail: e.actorEmail,
    at: e.at.toISOString(),
    ip: e.ip,
    userAgent: e.userAgent,
    documentSha256: e.documentSha256,
    data: e.data,
    prevHash: e.prevHash,
  });
  return createHash('sha256').update(content).digest('hex');
}
