import type { TBusinessAdmin } from '@signet/shared/business/business.schema';
import type { GetListResult, SortPayload } from 'react-admin';
import { api, call } from '../providers/client.ts';
import type { TResourceData } from '../resource.ts';
import { currentBusinessId } from '../session.ts';

/** An admin as the list shows it. */
export type TAdminRecord = TBusinessAdmin & { name: string };

const byField = (sort: SortPayload | undefined) => (a: TAdminRecord, b: TAdminRecord) => {
  const field = (sort?.field ?? 'since') as keyof TAdminRecord;
  const order = sort?.order === 'DESC' ? -1 : 1;
  return String(a[field]).localeCompare(String(b[field])) * order;
};

/**
 * `GET /v1/businesses/{id}/admins` (spec section 7) of the caller's business. A business has
 * few admins and the call answers them all, so sorting and paging happen here.
 */
export const adminsData: TResourceData = {
  getList: async ({ sort, pagination }): Promise<GetListResult> => {
    const { items } = await call(api.listBusinessAdmins, {
      params: { id: await currentBusinessId() },
    });
    const records = items
      .map((a) => ({ ...a, name: `${a.firstName} ${a.lastName}`.trim() }))
      .sort(byField(sort));
    const page = pagination?.page ?? 1;
    const perPage = pagination?.perPage ?? records.length;
    return {
      data: records.slice((page - 1) * perPage, page * perPage),
      total: records.length,
    };
  },
};
