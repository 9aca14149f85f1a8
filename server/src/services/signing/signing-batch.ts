/**
 * What the entries of one `POST /v3/sign` batch share (a business sealing 50 invoices signs 50
 * requests in one call): the requests it completes, whose protocols are built once the batch
 * has answered, and what every entry would otherwise work out again — the same certificates'
 * validation data (OCSP responses signed once per batch), the same business's settings.
 */
export type SigningBatch = {
  /** Every request the batch signs (their claims and first reads are made at once). */
  requestIds: readonly string[];
  /** Request ids the batch completed (SIGNED), in order. */
  completed: string[];
  /** Results shared by the entries, by key; a failed one is forgotten (the next entry retries). */
  memo: Map<string, Promise<unknown>>;
  /** The last commit queued: the next one starts when it has ended. */
  commits: Promise<unknown>;
};

export const newSigningBatch = (requestIds: readonly string[]): SigningBatch => ({
  requestIds,
  completed: [],
  memo: new Map(),
  commits: Promise.resolve(),
});

/**
 * Runs the batch's commits one after another, in the order they are ready, while the entries'
 * PDF work overlaps: two transactions of one batch never wait for each other's locks (its
 * requests share the signer, whose inbox rows the dashboard triggers update), so a batch
 * cannot deadlock itself on PostgreSQL; on PGlite (one connection) they would queue anyway.
 */
export function oneCommitAtATime<T>(
  batch: SigningBatch | undefined,
  commit: () => Promise<T>,
): Promise<T> {
  if (!batch) return commit();
  const turn = batch.commits.then(commit);
  batch.commits = turn.catch(() => {});
  return turn;
}

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
