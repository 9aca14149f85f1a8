import type { TBusinessDomain } from '@signet/shared/business/business.schema';
import { api, call } from '../providers/client.ts';
import type { TResourceData } from '../resource.ts';
import { currentBusinessId } from '../session.ts';

/** A domain as the list shows it: its name is its id. */
export type TDomainRecord = TBusinessDomain & { id: string };
const toRecord = (d: TBusinessDomain): TDomainRecord => ({ ...d, id: d.domain });

/**
 * `GET/POST /v1/businesses/{id}/domains`, `DELETE …/domains/{domain}`. react-admin's update of a
 * domain is "check it now" (POST with the same domain starts its check again).
 */
export const domainsData: TResourceData = {
  getList: async () => {
    const { items } = await call(api.listBusinessDomains, {
      params: { id: await currentBusinessId() },
    });
    return { data: items.map(toRecord), total: items.length };
  },
  create: async ({ data }) => {
    const saved = await call(api.addBusinessDomain, {
      params: { id: await currentBusinessId() },
      body: { domain: String((data as { domain?: string }).domain ?? '') },
    });
    return { data: toRecord(saved) as never };
  },
  update: async ({ id }) => {
    const saved = await call(api.addBusinessDomain, {
      params: { id: await currentBusinessId() },
      body: { domain: String(id) },
    });
    return { data: toRecord(saved) as never };
  },
  delete: async ({ id, previousData }) => {
    await call(api.removeBusinessDomain, {
      params: { id: await currentBusinessId(), domain: String(id) },
    });
    return { data: previousData as never };
  },
};
