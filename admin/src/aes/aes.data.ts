import type { TAes4biz } from '@signet/shared/business/business.schema';
import { api, call } from '../providers/client.ts';
import type { TResourceData } from '../resource.ts';
import { forgetSession } from '../session.ts';

/** AES for business as the form edits it, with the verified domains it may name. */
export type TAesRecord = TAes4biz & { id: string; verifiedDomains: string[] };

/** `GET /v1/businesses/{id}` (its `aes4biz`) and `PUT /v2/businesses/{id}/base`. */
export const aesData: TResourceData = {
  getOne: async ({ id }) => {
    const b = await call(api.getBusiness, { params: { id: String(id) } });
    return { data: { ...b.aes4biz, id: b.id, verifiedDomains: b.domains } };
  },
  update: async ({ id, data }) => {
    const r = data as TAesRecord;
    const b = await call(api.updateBusinessBase, {
      params: { id: String(id) },
      body: {
        aes4biz: {
          enabled: Boolean(r.enabled),
          representativeName: r.representativeName ?? '',
          representativeEmail: r.representativeEmail ?? '',
          commercialRegister: r.commercialRegister ?? '',
          domains: r.domains ?? [],
        },
      },
    });
    forgetSession();
    return { data: { ...b.aes4biz, id: b.id, verifiedDomains: b.domains } as never };
  },
};
