/**
 * Signature-request enums and limits (spec sections 3, 4 and 9), zod-free so a browser bundle
 * takes them for free. `signature-request.schema.ts` builds its schemas from these and
 * re-exports them.
 */
import { LANG_CODES } from '../i18n/lang.rules.ts';

/**
 * Signature request status (ARCHITECTURE.md, domain model): DRAFT → OPEN → SIGNED |
 * DECLINED | WITHDRAWN | EXPIRED.
 */
export const REQUEST_STATUSES = [
  'DRAFT',
  'OPEN',
  'SIGNED',
  'DECLINED',
  'WITHDRAWN',
  'EXPIRED',
] as const;
export type TRequestStatus = (typeof REQUEST_STATUSES)[number];

/** Signer status; WAITING means an earlier signer in the sequence has not signed yet. */
export const SIGNER_STATUSES = [
  'DRAFT',
  'OPEN',
  'WAITING',
  'SIGNED',
  'DECLINED',
  'WITHDRAWN',
] as const;
export type TSignerStatus = (typeof SIGNER_STATUSES)[number];

/**
 * The colour names of the dashboard (spec section 4): what a request is for one viewer. `draft`
 * is the drafts tab's; the other four are the state filters.
 */
export const DASHBOARD_COLOURS = ['to-sign', 'waiting', 'cancelled', 'completed', 'draft'] as const;
export type TDashboardColour = (typeof DASHBOARD_COLOURS)[number];

/**
 * What a request is for one viewer, in words: the dashboard colour, with its `cancelled` told
 * apart into declined, withdrawn and expired (badges, the legend and the filters show these).
 */
export const REQUEST_STATES = [
  'to-sign',
  'waiting',
  'completed',
  'declined',
  'withdrawn',
  'expired',
  'draft',
] as const;
export type TRequestState = (typeof REQUEST_STATES)[number];

/** The states a user filters the inbox by (drafts have their own tab). */
export const STATE_FILTERS = [
  'to-sign',
  'waiting',
  'completed',
  'declined',
  'withdrawn',
  'expired',
] as const satisfies readonly TRequestState[];
export type TStateFilter = (typeof STATE_FILTERS)[number];

/** Everything a participant can do to a request; the rules decide when each is legal. */
export const REQUEST_ACTIONS = [
  'update',
  'addDocument',
  'removeDocument',
  'initiate',
  'addSigner',
  'removeSigner',
  'addObserver',
  'removeObserver',
  'sign',
  'decline',
  'withdraw',
  'remind',
  'delegate',
  'delete',
] as const;
export type TRequestAction = (typeof REQUEST_ACTIONS)[number];

/** A caller's relation to a request. One person can hold several (an owner who also signs). */
export const PARTICIPANT_ROLES = ['owner', 'signer', 'observer'] as const;
export type TParticipantRole = (typeof PARTICIPANT_ROLES)[number];

/**
 * When an open request expires: by default this many days after it was sent; a sender may choose
 * a date between one hour and `maxDays` days ahead, and change it until the request finishes.
 */
export const REQUEST_EXPIRY = { defaultDays: 30, maxDays: 365, minLeadMs: 60 * 60 * 1000 } as const;

/**
 * Automatic reminders to the signer whose turn it is: every `n` days (one of `choices`), off
 * unless the sender picks an interval.
 */
export const REMINDER_INTERVAL_DAYS = { min: 1, max: 30, choices: [1, 2, 3, 7, 14] } as const;

/** A signer is reminded at most once in this interval, by hand or automatically. */
export const REMIND_MIN_INTERVAL_MS = 60 * 60 * 1000;

/** Default size of a visual signature in PDF points (spec section 9). */
export const VISUAL_SIGNATURE_SIZE = { width: 300, height: 140 } as const;

/** Limits of a request's texts and lists. */
export const REQUEST_LIMITS = {
  titleMaxLength: 255,
  messageMaxLength: 5000,
  /** Decline, withdraw and delegation messages. */
  noteMaxLength: 2000,
  documentsMax: 20,
  signersMax: 50,
  observersMax: 50,
  signingNameMaxLength: 200,
  signingReasonMaxLength: 200,
} as const;

/**
 * A signer's position in the signing sequence; equal orders sign in parallel, a higher order
 * waits for every lower one.
 */
export const SIGNER_ORDER = { min: 0, max: 1000 } as const;

/** Page sizes the list offers (spec section 9: 25, 50, 100); the first is the default. */
export const LIST_PAGE_SIZES = [25, 50, 100] as const;
export type TListPageSize = (typeof LIST_PAGE_SIZES)[number];

/** Sort fields of the list query. */
export const LIST_SORT_FIELDS = ['updated_at', 'created_at', 'title', 'status'] as const;
export type TListSortField = (typeof LIST_SORT_FIELDS)[number];

export const SORT_ORDERS = ['desc', 'asc'] as const;
export type TSortOrder = (typeof SORT_ORDERS)[number];

/** Which date `dateFrom`/`dateTo` of the list query filter on. */
export const DATE_TIME_MODES = ['updated', 'created'] as const;
export type TDateTimeMode = (typeof DATE_TIME_MODES)[number];

/** me: requests I sent; others: requests sent to me; all. */
export const SEND_BY = ['all', 'me', 'others'] as const;
export type TSendBy = (typeof SEND_BY)[number];

/** Longest search text of the list query. */
export const LIST_SEARCH_MAX_LENGTH = 200;

/** Languages a signature can be made in (`POST /v3/sign` language; direct-sign adds `it`). */
export const SIGNING_LANGUAGES = LANG_CODES;
/** Language a signature is made in when none is given (spec section 9). */
export const DEFAULT_SIGNING_LANGUAGE = 'en' as const satisfies (typeof SIGNING_LANGUAGES)[number];

/** Event types of the evidence log. */
export const EVENT_TYPES = [
  'created',
  'initiated',
  'viewed',
  'signed',
  'declined',
  'withdrawn',
  'delegated',
  'reminded',
  'downloaded',
  'signer_added',
  'signer_removed',
  'observer_added',
  'observer_removed',
  'document_added',
  'document_removed',
  'completed',
  'expired',
  'schedule_changed',
  'deleted',
  'tan_sent',
  'tan_verified',
  'tan_locked',
] as const;
export type TEventType = (typeof EVENT_TYPES)[number];

/**
 * Download file names when the server sends none (spec section 9): '{id}.pdf', '{id}.zip',
 * '{id}_protocol.pdf', '{id}_attachment-{n}.{ext}'.
 */
export const DOWNLOAD_NAMES = {
  document: (id: string) => `${id}.pdf`,
  zip: (id: string) => `${id}.zip`,
  protocol: (id: string) => `${id}_protocol.pdf`,
  attachment: (id: string, n: number, ext: string) => `${id}_attachment-${n}.${ext}`,
} as const;
