import type { TRequestStatus } from '@signet/shared/signature-request/signature-request.schema';
import type { CommitInput } from './commit-signature.ts';

/** A signature prepared and waiting for its batch's next group commit. */
export type PendingCommit = {
  input: CommitInput;
  resolve: (status: TRequestStatus) => void;
  reject: (error: unknown) => void;
};

/**
 * What the entries of one `POST /v3/sign` batch share (a business sealing 50 invoices signs 50
 * requests in one call): the requests it completes, whose protocols are built once the batch
 * has answered, what every entry would otherwise work out again — the same certificates'
 * validation data (OCSP responses signed once per batch), the same business's settings — and
 * its group commit (group-commit.ts): the entries in progress and the prepared ones waiting.
 */
export type SigningBatch = {
  /** Every request the batch signs (their claims and first reads are made at once). */
  requestIds: readonly string[];
  /** Request ids the batch completed (SIGNED), in order. */
  completed: string[];
  /** Results shared by the entries, by key; a failed one is forgotten (the next entry retries). */
  memo: Map<string, Promise<unknown>>;
  /** Entries in progress (preparing, or waiting in `ready`). */
  active: number;
  /** Prepared signatures waiting for the next group commit, in the order they were ready. */
  ready: PendingCommit[];
  /** A group commit is running (the next one starts when it has ended). */
  committing: boolean;
};

export const newSigningBatch = (requestIds: readonly string[]): SigningBatch => ({
  requestIds,
  completed: [],
  memo: new Map(),
  active: 0,
  ready: [],
  committing: false,
});

/** `make()` once per batch and key; without a batch (a single signature), every time. */
export function shared<T>(
  batch: SigningBatch | undefined,
  key: string,
  make: () => Promise<T>,
): Promise<T> {
  if (!batch) return make();
  const known = batch.memo.get(key) as Promise<T> | undefined;
  if (known) return known;
  const made = make();
  batch.memo.set(key, made);
  made.catch(() => batch.memo.delete(key));
  return made;
}
