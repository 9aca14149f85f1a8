import {
  REMIND_MIN_INTERVAL_MS,
  REQUEST_EXPIRY,
  type TDashboardColour,
  type TRequestAction,
  type TRequestState,
  type TRequestStatus,
  type TSignerStatus,
  type TStateFilter,
} from './signature-request.constants.ts';

/** The stored facts of one signer from which its status is derived. */
export type TSignerFacts = {
  /** Position in the signing sequence; equal orders sign in parallel. */
  order: number;
  signedAt: Date | string | null;
  declinedAt: Date | string | null;
};

/**
 * A signer's status, derived from the request status and the sequence: a signer is
 * WAITING while any signer with a lower order has not signed.
 */
export function signerStatus(
  requestStatus: TRequestStatus,
  signer: TSignerFacts,
  all: readonly TSignerFacts[],
): TSignerStatus {
  if (signer.signedAt) return 'SIGNED';
  if (signer.declinedAt) return 'DECLINED';
  if (requestStatus === 'DRAFT') return 'DRAFT';
  if (requestStatus !== 'OPEN') return 'WITHDRAWN';
  const blocked = all.some((other) => other.order < signer.order && !other.signedAt);
  return blocked ? 'WAITING' : 'OPEN';
}

/**
 * Whether a participant sees a request at all: the owner always, signers and observers once it
 * is sent (a draft is its owner's alone — it may still change or never be sent). The dashboard's
 * list query (list-signature-requests.ts) says the same in SQL.
 */
export function isRequestVisible(status: TRequestStatus, viewer: { isOwner: boolean }): boolean {
  return viewer.isOwner || status !== 'DRAFT';
}

/**
 * Whether a viewer sees where participants acted from (IP address, browser) in the evidence:
 * the owner only (and, once businesses own requests, their admins). Signers and observers see
 * what happened and when, not each other's network or device.
 */
export function seesParticipantNetwork(viewer: { isOwner: boolean }): boolean {
  return viewer.isOwner;
}

/** The request status once every signer has signed, or unchanged. */
export function statusAfterSignature(all: readonly TSignerFacts[]): TRequestStatus {
  return all.length > 0 && all.every((s) => s.signedAt) ? 'SIGNED' : 'OPEN';
}

/** What the dashboard colours a request for one viewer (spec section 4, ARCHITECTURE.md). */
export function dashboardColour(
  requestStatus: TRequestStatus,
  viewerSignerStatus: TSignerStatus | null,
): TDashboardColour {
  switch (requestStatus) {
    case 'DRAFT':
      return 'draft';
    case 'OPEN':
      return viewerSignerStatus === 'OPEN' ? 'to-sign' : 'waiting';
    case 'SIGNED':
      return 'completed';
    default:
      return 'cancelled';
  }
}

/**
 * What a request is for one viewer, in words: its dashboard colour with `cancelled` told apart
 * (declined, withdrawn, expired), so badges, the legend and the filters name the real outcome.
 */
export function requestState(
  requestStatus: TRequestStatus,
  viewerSignerStatus: TSignerStatus | null,
): TRequestState {
  switch (requestStatus) {
    case 'DECLINED':
      return 'declined';
    case 'WITHDRAWN':
      return 'withdrawn';
    case 'EXPIRED':
      return 'expired';
    default:
      return dashboardColour(requestStatus, viewerSignerStatus) as TRequestState;
  }
}

/** A signer's status shown in the words (and colour) of a request state. */
export function signerState(status: TSignerStatus): TRequestState {
  switch (status) {
    case 'SIGNED':
      return 'completed';
    case 'OPEN':
      return 'to-sign';
    case 'WAITING':
      return 'waiting';
    case 'DRAFT':
      return 'draft';
    case 'DECLINED':
      return 'declined';
    case 'WITHDRAWN':
      return 'withdrawn';
  }
}

const STATUS_OF_FILTER: Record<TStateFilter, TRequestStatus> = {
  'to-sign': 'OPEN',
  waiting: 'OPEN',
  completed: 'SIGNED',
  declined: 'DECLINED',
  withdrawn: 'WITHDRAWN',
  expired: 'EXPIRED',
};

/**
 * The list query (`colour`, `status`) that finds exactly the requests in the chosen states. The
 * server matches both (AND): to-sign and waiting are colours of OPEN requests, the others are
 * statuses, so a status is added only when declined, withdrawn or expired are asked for.
 */
export function stateFilterQuery(filters: readonly TStateFilter[]): {
  colour?: TDashboardColour[];
  status?: TRequestStatus[];
} {
  if (filters.length === 0) return {};
  const colour = [
    ...new Set(
      filters.map(
        (f): TDashboardColour =>
          f === 'to-sign' || f === 'waiting' || f === 'completed' ? f : 'cancelled',
      ),
    ),
  ];
  const byStatus = filters.some((f) => f === 'declined' || f === 'withdrawn' || f === 'expired');
  const status = [...new Set(filters.map((f) => STATUS_OF_FILTER[f]))];
  return byStatus ? { colour, status } : { colour };
}

/** What the reminder rules know about one signer. */
export type TRemindFacts = {
  status: TSignerStatus;
  /** Direct signers are reminded by whoever gave them their link, never by us. */
  direct: boolean;
  invitedAt: Date | string | null;
  lastRemindedAt: Date | string | null;
};

const time = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

/** The signers a reminder goes to: open (their turn), not direct. */
export function remindable<T extends TRemindFacts>(signers: readonly T[]): T[] {
  return signers.filter((s) => s.status === 'OPEN' && !s.direct);
}

/** Whether a signer may be reminded at `now` (at most once per {@link REMIND_MIN_INTERVAL_MS}). */
export function mayRemind(signer: TRemindFacts, now: Date): boolean {
  const last = time(signer.lastRemindedAt);
  return last === null || now.getTime() - last >= REMIND_MIN_INTERVAL_MS;
}

/**
 * When "Remind" next does something: `now` when a signer may be reminded now, else the moment
 * the first one may be again; null when nobody can be reminded (no open signer we mail).
 */
export function nextRemindAt(signers: readonly TRemindFacts[], now: Date): Date | null {
  const open = remindable(signers);
  if (open.length === 0) return null;
  if (open.some((s) => mayRemind(s, now))) return now;
  const next = Math.min(...open.map((s) => (time(s.lastRemindedAt) ?? 0) + REMIND_MIN_INTERVAL_MS));
  return new Date(next);
}

/**
 * Whether the automatic reminder is due for a signer: reminders are on (`intervalDays`), it is
 * their turn, and `intervalDays` passed since their invitation or their last reminder (a manual
 * one included), never more often than the manual rule allows.
 */
export function autoReminderDue(
  signer: TRemindFacts,
  intervalDays: number | null,
  now: Date,
): boolean {
  if (!intervalDays || signer.status !== 'OPEN' || signer.direct) return false;
  const since = time(signer.lastRemindedAt) ?? time(signer.invitedAt);
  if (since === null) return false;
  return now.getTime() - since >= intervalDays * 86_400_000 && mayRemind(signer, now);
}

/** When a request sent at `sentAt` expires unless the sender chose a date. */
export function defaultExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + REQUEST_EXPIRY.defaultDays * 86_400_000);
}

/**
 * Why an expiry date cannot be used at `now`: `past` (less than an hour ahead) or `tooLate`
 * (more than {@link REQUEST_EXPIRY}.maxDays ahead); null when it can.
 */
export function expiryProblem(expiresAt: Date | string, now: Date): 'past' | 'tooLate' | null {
  const at = new Date(expiresAt).getTime();
  if (Number.isNaN(at) || at - now.getTime() < REQUEST_EXPIRY.minLeadMs) return 'past';
  if (at - now.getTime() > REQUEST_EXPIRY.maxDays * 86_400_000) return 'tooLate';
  return null;
}

/** What the rules know about a request when an action is attempted. */
export type TRequestFacts = {
  status: TRequestStatus;
  documentCount: number;
  signerCount: number;
  /** Signers are frozen once anyone has signed. */
  anySigned: boolean;
};

/** Who attempts the action, relative to the request. */
export type TActorFacts = {
  isOwner: boolean;
  /** The actor's own signer status, or null when the actor is not a signer. */
  signerStatus: TSignerStatus | null;
};

export type TActionVerdict =
  | { ok: true }
  | { ok: false; status: 403 | 409; code: string; message: string };

const OWNER_ACTIONS: ReadonlySet<TRequestAction> = new Set([
  'update',
  'addDocument',
  'removeDocument',
  'initiate',
  'addSigner',
  'removeSigner',
  'addObserver',
  'removeObserver',
  'withdraw',
  'remind',
  'delete',
]);
const SIGNER_ACTIONS: ReadonlySet<TRequestAction> = new Set(['sign', 'decline', 'delegate']);

const conflict = (code: string, message: string): TActionVerdict => ({
  ok: false,
  status: 409,
  code,
  message,
});

/**
 * Whether `actor` may perform `action` on a request in its current state. Visibility is
 * the caller's business (a stranger gets 404 before this is asked); this decides role
 * (403) and state (409), so an illegal transition changes nothing.
 */
export function checkAction(
  action: TRequestAction,
  request: TRequestFacts,
  actor: TActorFacts,
): TActionVerdict {
  const allowed =
    (OWNER_ACTIONS.has(action) && actor.isOwner) ||
    (SIGNER_ACTIONS.has(action) && actor.signerStatus !== null);
  if (!allowed) {
    return {
      ok: false,
      status: 403,
      code: 'NOT_ALLOWED',
      message: `Only ${SIGNER_ACTIONS.has(action) ? 'a signer' : 'the owner'} may ${action} this request.`,
    };
  }
  const { status } = request;
  switch (action) {
    case 'addDocument':
    case 'removeDocument':
      return status === 'DRAFT'
        ? { ok: true }
        : conflict('REQUEST_NOT_DRAFT', 'Documents can only change while the request is a draft.');
    case 'initiate':
      if (status !== 'DRAFT') return conflict('REQUEST_NOT_DRAFT', 'The request was already sent.');
      if (request.documentCount === 0) return conflict('NO_DOCUMENTS', 'Add a document first.');
      if (request.signerCount === 0) return conflict('NO_SIGNERS', 'Add a signer first.');
      return { ok: true };
    case 'addSigner':
    case 'removeSigner':
      if (status !== 'DRAFT' && status !== 'OPEN') {
        return conflict('REQUEST_CLOSED', 'The request is closed.');
      }
      return request.anySigned
        ? conflict('SIGNERS_FROZEN', 'Signers cannot change after the first signature.')
        : { ok: true };
    case 'update':
    case 'addObserver':
    case 'removeObserver':
      return status === 'DRAFT' || status === 'OPEN'
        ? { ok: true }
        : conflict('REQUEST_CLOSED', 'The request is closed.');
    case 'withdraw':
    case 'remind':
      return status === 'OPEN'
        ? { ok: true }
        : conflict('REQUEST_NOT_OPEN', 'Only an open request can be withdrawn or reminded.');
    case 'delete':
      return status === 'OPEN'
        ? conflict('REQUEST_OPEN', 'Withdraw the request before deleting it.')
        : { ok: true };
    case 'sign':
      if (status !== 'OPEN') return conflict('REQUEST_NOT_OPEN', 'The request is not open.');
      if (actor.signerStatus === 'WAITING') {
        return conflict('NOT_YOUR_TURN', 'An earlier signer has not signed yet.');
      }
      return actor.signerStatus === 'OPEN'
        ? { ok: true }
        : conflict('SIGNER_NOT_OPEN', 'You cannot sign this request any more.');
    case 'decline':
    case 'delegate':
      if (status !== 'OPEN') return conflict('REQUEST_NOT_OPEN', 'The request is not open.');
      return actor.signerStatus === 'OPEN' || actor.signerStatus === 'WAITING'
        ? { ok: true }
        : conflict('SIGNER_NOT_OPEN', 'You cannot change this signature any more.');
  }
}

/** The first address named twice in a new request, and where it is named the second time. */
export type TDuplicateParticipant = { role: 'signer' | 'observer'; index: number; email: string };

/**
 * An address takes part in a request once: as a signer or as an observer. Returns the first
 * address named a second time (a signer twice, an observer twice, or an observer who also
 * signs), compared trimmed and case-insensitively; `null` when every address is named once.
 * Empty entries are ignored (a form's unfilled row).
 */
export function duplicateParticipant(
  signers: readonly string[],
  observers: readonly string[] = [],
): TDuplicateParticipant | null {
  const seen = new Set<string>();
  const entries = [
    ...signers.map((email, index) => ({ role: 'signer' as const, index, email })),
    ...observers.map((email, index) => ({ role: 'observer' as const, index, email })),
  ];
  for (const entry of entries) {
    const key = entry.email.trim().toLowerCase();
    if (key === '') continue;
    if (seen.has(key)) return { ...entry, email: key };
    seen.add(key);
  }
  return null;
}
