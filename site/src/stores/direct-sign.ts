import {
  type DIRECT_SIGN_PAGES,
  DIRECT_SIGN_STATUS_POLL_MS,
  type TDirectSigningMethod,
} from '@signet/shared/direct-sign/direct-sign.constants';
import { directPagePath } from '@signet/shared/direct-sign/direct-sign.rules';
import {
  exitUrlsFromQuery,
  exitUrlsToQuery,
  type TExitUrlState,
} from '@signet/shared/exit-url/exit-url.rules';
import type { TLangCode } from '@signet/shared/i18n/lang.constants';
import type { TSignerStatus } from '@signet/shared/signature-request/signature-request.constants';
import { atom } from 'nanostores';

/**
 * The direct-sign session (spec section 3): who signs (the ids of the link, from which the
 * Basic credentials are made), their signature state (default OPEN) and the exit-url state of
 * the link. Kept in memory only: nothing of a signer goes to browser storage.
 */
export type TDirectSession = {
  requestId: string;
  userId: string;
  signatureState: TSignerStatus;
  exit: TExitUrlState;
  /** The page's language as a link code (mails and the signature follow it). */
  lang: TLangCode;
  methods: readonly TDirectSigningMethod[];
};

export const $directSign = atom<TDirectSession | null>(null);

/**
 * The signer's own actions (sign, decline): how many are under way and how many ever started.
 * A status read that was under way when one started answers for a state that no longer holds
 * (a 404 after signing means "signed", not "not available"), so its answer is dropped.
 */
const actions = { running: 0, started: 0 };
/** Set once the page is leaving: the first destination wins, a later answer changes nothing. */
let leaving = false;

/** Runs one of the signer's own actions; status reads wait until it is over and ignore it. */
export async function directAction<T>(run: () => Promise<T>): Promise<T> {
  actions.running++;
  actions.started++;
  try {
    return await run();
  } finally {
    actions.running--;
  }
}

/** Starts the session of the link `/view/{requestId}/{userId}?…` (exit URLs from its query). */
export function startDirectSession(
  link: { requestId: string; userId: string },
  search: string,
  lang: TLangCode,
): TDirectSession {
  const session: TDirectSession = {
    ...link,
    signatureState: 'OPEN',
    exit: exitUrlsFromQuery(new URLSearchParams(search)),
    lang,
    methods: ['tan'],
  };
  leaving = false;
  $directSign.set(session);
  return session;
}

/** Records what the server says about the signer. */
export function updateDirectSession(patch: Partial<TDirectSession>): void {
  const current = $directSign.get();
  if (current) $directSign.set({ ...current, ...patch });
}

/** The exit-url query of the session (handed to the mobile app and back). */
export function exitQueryOf(session: TDirectSession): string {
  return exitUrlsToQuery(session.exit).toString();
}

/** Where the signer goes when they are done (or the link is dead), keeping the exit URLs. */
export function leaveTo(
  page: (typeof DIRECT_SIGN_PAGES)[keyof typeof DIRECT_SIGN_PAGES],
  session: TDirectSession | null = $directSign.get(),
): void {
  if (leaving) return;
  leaving = true;
  const exit = session?.exit ?? exitUrlsFromQuery(new URLSearchParams(window.location.search));
  window.location.replace(directPagePath(page, exit, session?.lang));
}

/**
 * Polls `load` every 5 s (spec section 4) while the signature state is still open (OPEN or
 * WAITING), until it changes or the returned stop is called. Returns the stop. No read starts
 * while one of the signer's actions ({@link directAction}) runs, and `load` is told through
 * `stale()` when its answer must be dropped: the poll was stopped, or an action started since
 * the read did (its outcome, not the read's, decides where the signer goes).
 */
export function pollSignatureState(
  load: (stale: () => boolean) => Promise<unknown>,
  everyMs: number = DIRECT_SIGN_STATUS_POLL_MS,
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    const state = $directSign.get()?.signatureState;
    return state === 'OPEN' || state === 'WAITING';
  };
  const tick = async () => {
    if (stopped || !open()) return;
    if (actions.running === 0) {
      const startedBefore = actions.started;
      const stale = () => stopped || leaving || actions.started !== startedBefore;
      try {
        await load(stale);
      } catch {
        // A failed read (offline for a moment) waits for the next one.
      }
    }
    if (!stopped && open()) timer = setTimeout(tick, everyMs);
  };
  timer = setTimeout(tick, everyMs);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
