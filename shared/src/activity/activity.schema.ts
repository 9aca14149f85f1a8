import { z } from 'zod';
import { ZAccountEventSchema } from '../business/business.schema.ts';
import {
  ACTIVITY_PAGE_MAX,
  ACTIVITY_SORT_FIELDS,
  SIGNATURE_EXPORT_GROUPS,
  type TActivityKind,
} from './activity.constants.ts';

export * from './activity.constants.ts';

/**
 * `sort=<field>,<asc|desc>` over one list's sortable fields; the direction defaults to desc.
 */
function sortOf<K extends TActivityKind>(kind: K) {
  const fields = ACTIVITY_SORT_FIELDS[kind] as readonly string[];
  return z
    .string()
    .regex(/^[A-Za-z]+(,(asc|desc))?$/, { error: 'sort is <field>,<asc|desc>' })
    .refine((v) => fields.includes(v.split(',')[0] ?? ''), {
      error: `sort field must be one of ${fields.join(', ')}`,
    })
    .transform((v) => {
      const [field, order] = v.split(',');
      return {
        field: field as (typeof ACTIVITY_SORT_FIELDS)[K][number],
        order: (order ?? 'desc') as 'asc' | 'desc',
      };
    });
}

/** A day (`YYYY-MM-DD`) bounding a list: start at its first moment, end at its last (UTC). */
const ZDaySchema = z.iso.date();

const period = {
  start_date: ZDaySchema.optional(),
  end_date: ZDaySchema.optional(),
};

function listQuery<K extends TActivityKind>(kind: K, defaultSort: string) {
  return z
    .strictObject({
      page: z.coerce.number().int().min(0).max(100_000).default(0),
      size: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).default(25),
      sort: sortOf(kind).prefault(defaultSort),
      ...period,
    })
    .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
      error: 'start_date must not be after end_date',
      path: ['end_date'],
    });
}

/** `GET /v2/businesses/{id}/activities/accounts` */
export const ZAccountActivityQuerySchema = listQuery('accounts', 'at,desc');
export type TAccountActivityQuery = z.infer<typeof ZAccountActivityQuerySchema>;
/** `GET /v2/businesses/{id}/activities/signatures` */
export const ZSignatureActivityQuerySchema = listQuery('signatures', 'signedAt,desc');
export type TSignatureActivityQuery = z.infer<typeof ZSignatureActivityQuerySchema>;
/** `GET /v2/businesses/{id}/activities/identifications` */
export const ZIdentificationActivityQuerySchema = listQuery('identifications', 'identifiedAt,desc');
export type TIdentificationActivityQuery = z.infer<typeof ZIdentificationActivityQuerySchema>;

/** One signature counted for the business: made in a request one of its members sent. */
export const ZSignatureActivitySchema = z.object({
  id: z.string(),
  signedAt: z.iso.datetime(),
  requestId: z.string(),
  title: z.string(),
  signerEmail: z.string(),
  /** The member who sent the request (as they were when it was signed). */
  memberEmail: z.string(),
  memberName: z.string(),
  costCentre: z.string(),
  /** The quality the signature was made with; an open set (new qualities appear as they come). */
  quality: z.string(),
  legislation: z.string().nullable(),
});
export type TSignatureActivity = z.infer<typeof ZSignatureActivitySchema>;

/** One identification counted for the business. */
export const ZIdentificationActivitySchema = z.object({
  id: z.string(),
  identifiedAt: z.iso.datetime(),
  email: z.string(),
  name: z.string(),
  /** Whether the person was a member, or a signer invited by one. */
  kind: z.string(),
  method: z.string(),
  provider: z.string(),
  legislation: z.string().nullable(),
});
export type TIdentificationActivity = z.infer<typeof ZIdentificationActivitySchema>;

const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.int(), page: z.int(), size: z.int() });

export const ZAccountActivityListSchema = page(ZAccountEventSchema);
export type TAccountActivityList = z.infer<typeof ZAccountActivityListSchema>;
export const ZSignatureActivityListSchema = page(ZSignatureActivitySchema);
export type TSignatureActivityList = z.infer<typeof ZSignatureActivityListSchema>;
export const ZIdentificationActivityListSchema = page(ZIdentificationActivitySchema);
export type TIdentificationActivityList = z.infer<typeof ZIdentificationActivityListSchema>;

/** `…/activities/signatures/export`: the period and, optionally, how rows are grouped. */
export const ZSignatureExportQuerySchema = z.strictObject({
  group_by: z.enum(SIGNATURE_EXPORT_GROUPS).optional(),
  ...period,
});
export type TSignatureExportQuery = z.infer<typeof ZSignatureExportQuerySchema>;

/** `…/activities/identifications/export` */
export const ZIdentificationExportQuerySchema = z.strictObject(period);
export type TIdentificationExportQuery = z.infer<typeof ZIdentificationExportQuerySchema>;

/** A CSV file (the route's answer is `text/csv`, not JSON; this only describes it). */
export const ZCsvSchema = z.string();
export type TCsv = z.infer<typeof ZCsvSchema>;

/** `GET /v2/businesses/{id}/statistics` */
export const ZStatisticsQuerySchema = z
  .strictObject(period)
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    error: 'start_date must not be after end_date',
    path: ['end_date'],
  });
export type TStatisticsQuery = z.infer<typeof ZStatisticsQuerySchema>;

/**
 * The business at a glance, counted in the database: signatures per month and quality (months
 * without signatures are left out), the totals per quality, members and open requests.
 */
export const ZBusinessStatisticsSchema = z.object({
  period: z.object({ start: z.iso.date(), end: z.iso.date() }),
  signaturesByMonth: z.array(z.object({ month: z.string(), quality: z.string(), count: z.int() })),
  signaturesByQuality: z.array(z.object({ quality: z.string(), count: z.int() })),
  signatures: z.int(),
  members: z.object({ total: z.int(), admins: z.int(), pending: z.int() }),
  invitations: z.int(),
  openRequests: z.int(),
});
export type TBusinessStatistics = z.infer<typeof ZBusinessStatisticsSchema>;
