import type { TActivityKind } from '@signet/shared/activity/activity.constants';
import type { GetListParams, GetListResult } from 'react-admin';
import { api, call } from '../providers/client.ts';
import type { TResourceData } from '../resource.ts';
import { currentBusinessId } from '../session.ts';

const ENDPOINTS = {
  accounts: api.listAccountActivities,
  signatures: api.listSignatureActivities,
  identifications: api.listIdentificationActivities,
} as const;

/** The period filter of the lists (`start_date`, `end_date`: days). */
export type TPeriodFilter = { start_date?: string; end_date?: string };

/**
 * One activity list, paged, sorted and filtered by period on the server
 * (`GET /v2/businesses/{id}/activities/{kind}`, spec section 7).
 */
function listOf(kind: TActivityKind) {
  return async ({ pagination, sort, filter }: GetListParams): Promise<GetListResult> => {
    const period = (filter ?? {}) as TPeriodFilter;
    const page = pagination ?? { page: 1, perPage: 25 };
    const list = await call(ENDPOINTS[kind], {
      params: { id: await currentBusinessId() },
      query: {
        page: page.page - 1,
        size: page.perPage,
        ...(sort?.field ? { sort: `${sort.field},${sort.order === 'ASC' ? 'asc' : 'desc'}` } : {}),
        ...(period.start_date ? { start_date: period.start_date } : {}),
        ...(period.end_date ? { end_date: period.end_date } : {}),
      },
    } as never);
    return { data: list.items, total: list.total };
  };
}

export const accountActivityData: TResourceData = { getList: listOf('accounts') };
export const signatureActivityData: TResourceData = { getList: listOf('signatures') };
export const identificationActivityData: TResourceData = { getList: listOf('identifications') };
