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
  const exit = session?.exit ?? exitUrlsFromQuery(new URLSearchParams(window.location.search));
  window.location.replace(directPagePath(page, exit, session?.lang));
}

/**
 * Polls `load` every 5 s (spec section 4) while the signature state is still open (OPEN or
 * WAITING), until it changes or the returned stop is called. Returns the stop.
 */
export function pollSignatureState(load: () => Promise<unknown>): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const open = () => {
    const state = $directSign.get()?.signatureState;
    return state === 'OPEN' || state === 'WAITING';
  };
  const tick = async () => {
    if (stopped || !open()) return;
    try {
      await load();
    } catch {
      // A failed read (offline for a moment) waits for the next one.
    }
    if (!stopped && open()) timer = setTimeout(tick, DIRECT_SIGN_STATUS_POLL_MS);
  };
  timer = setTimeout(tick, DIRECT_SIGN_STATUS_POLL_MS);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
