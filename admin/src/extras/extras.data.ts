import { api, call } from '../providers/client.ts';
import type { TResourceData } from '../resource.ts';
import { currentBusinessId } from '../session.ts';

/** `GET /v2/businesses/{id}/customextras`: each extra with its key as id. */
export const extrasData: TResourceData = {
  getList: async () => {
    const { items } = await call(api.getBusinessCustomExtras, {
      params: { id: await currentBusinessId() },
    });
    return { data: items.map((i) => ({ ...i, id: i.key })), total: items.length };
  },
};
