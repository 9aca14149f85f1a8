import type { TApiUser, TApiUserWithKey } from '@signet/shared/api-user/api-user.schema';
import { api, call } from '../providers/client.ts';
import type { TResourceData } from '../resource.ts';
import { currentBusinessId } from '../session.ts';

/** An API user as the list shows it: its username is its id; `apiKey` only right after creation or a reset. */
export type TApiUserRecord = TApiUser & { id: string; apiKey?: string };
const toRecord = (u: TApiUser | TApiUserWithKey): TApiUserRecord => ({ ...u, id: u.username });

/**
 * `GET/POST /v1/businesses/{id}/apis`, `PUT/DELETE …/apis/{username}`; react-admin's update with
 * `{ reset: true }` is `PUT …/apis/{username}/reset` (a new key, answered once).
 */
export const apiUsersData: TResourceData = {
  getList: async () => {
    const users = await call(api.listApiUsers, { params: { id: await currentBusinessId() } });
    return { data: users.map(toRecord), total: users.length };
  },
  create: async ({ data }) => {
    const saved = await call(api.createApiUser, {
      params: { id: await currentBusinessId() },
      body: { name: String((data as { name?: string }).name ?? '') },
    });
    return { data: toRecord(saved) as never };
  },
  update: async ({ id, data }) => {
    const params = { id: await currentBusinessId(), username: String(id) };
    const saved = (data as { reset?: boolean }).reset
      ? await call(api.resetApiUserKey, { params })
      : await call(api.updateApiUser, {
          params,
          body: { name: String((data as { name?: string }).name ?? '') },
        });
    return { data: toRecord(saved) as never };
  },
  delete: async ({ id }) => {
    const gone = await call(api.deleteApiUser, {
      params: { id: await currentBusinessId(), username: String(id) },
    });
    return { data: toRecord(gone) as never };
  },
};
