import { MEMBER_SORT_FIELDS } from '@signet/shared/business/business.constants';
import type { TBusinessMember } from '@signet/shared/business/business.schema';
import { api, call } from '../providers/client.ts';
import type { TResourceData } from '../resource.ts';
import { currentBusinessId } from '../session.ts';

/** A member as the list shows it. */
export type TMemberRecord = TBusinessMember & { name: string };

const toRecord = (m: TBusinessMember): TMemberRecord => ({
  ...m,
  name: `${m.firstName} ${m.lastName}`.trim(),
});

type TSortField = (typeof MEMBER_SORT_FIELDS)[number];
const sortField = (field: string | undefined): TSortField =>
  field === 'name'
    ? 'lastName'
    : (MEMBER_SORT_FIELDS as readonly string[]).includes(field ?? '')
      ? (field as TSortField)
      : 'joinedAt';

/**
 * `GET /v1/businesses/{id}/members` (paged and sorted by the server), `POST …/members` (invite,
 * as react-admin's create: `{ users: [addresses] }`), `PUT …/members/{userId}` (cost centre).
 */
export const membersData: TResourceData = {
  getList: async ({ pagination, sort }) => {
    const page = pagination ?? { page: 1, perPage: 25 };
    const list = await call(api.listBusinessMembers, {
      params: { id: await currentBusinessId() },
      query: {
        page: page.page - 1,
        size: page.perPage,
        sort: sortField(sort?.field),
        order: sort?.order === 'DESC' ? 'desc' : 'asc',
      },
    });
    return { data: list.items.map(toRecord), total: list.total };
  },
  create: async ({ data }) => {
    const users = (data as { users: string[] }).users;
    const invited = await call(api.inviteBusinessMembers, {
      params: { id: await currentBusinessId() },
      body: { users },
    });
    const first = invited.items[0];
    return { data: { ...first, id: first?.id ?? 'invited' } as never };
  },
  update: async ({ id, data }) => {
    const saved = await call(api.updateBusinessMember, {
      params: { id: await currentBusinessId(), userId: String(id) },
      body: { costCentre: String((data as { costCentre?: string }).costCentre ?? '') },
    });
    return { data: toRecord(saved) as never };
  },
};

/** The bulk actions of the members list (spec: change-to-admins, change-to-members, remove-members). */
export async function changeMembers(
  action: 'promote' | 'demote' | 'remove',
  userIds: readonly string[],
): Promise<void> {
  const params = { id: await currentBusinessId() };
  const body = { user_ids: [...userIds] };
  if (action === 'promote') await call(api.changeToAdmins, { params, body });
  else if (action === 'demote') await call(api.changeToMembers, { params, body });
  else await call(api.removeBusinessMembers, { params, body });
}
