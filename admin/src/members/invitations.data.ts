import { api, call } from '../providers/client.ts';
import type { TResourceData } from '../resource.ts';
import { currentBusinessId } from '../session.ts';

/**
 * Invitations not answered yet: `GET /v2/businesses/{id}/invitations`; cancelling is react-admin's
 * delete (`DELETE /v1/businesses/{id}/invitations/{inviteId}`). Few at a time: paged here.
 */
export const invitationsData: TResourceData = {
  getList: async ({ pagination }) => {
    const { items } = await call(api.listBusinessInvitations, {
      params: { id: await currentBusinessId() },
    });
    const page = pagination ?? { page: 1, perPage: items.length || 1 };
    return {
      data: items.slice((page.page - 1) * page.perPage, page.page * page.perPage),
      total: items.length,
    };
  },
  delete: async ({ id, previousData }) => {
    await call(api.cancelBusinessInvitation, {
      params: { id: await currentBusinessId(), inviteId: String(id) },
    });
    return { data: previousData as never };
  },
};
