import { SIGNER_GROUP_ERRORS } from '@signet/shared/signer-group/signer-group.constants';
import type { TSignerGroup } from '@signet/shared/signer-group/signer-group.schema';
import { ApiError, api, call } from '../providers/client.ts';
import type { TResourceData } from '../resource.ts';

/** A group as the forms edit it: its members one address a line (`membersText`). */
export type TSignerGroupRecord = TSignerGroup & { membersText?: string };
const toRecord = (g: TSignerGroup): TSignerGroupRecord => ({
  ...g,
  ...(g.members ? { membersText: g.members.join('\n') } : {}),
});

/** The form's values as the API takes them: addresses split at lines, commas and spaces. */
const toInput = (data: unknown) => {
  const d = data as { name?: string; membersText?: string };
  return {
    name: String(d.name ?? ''),
    members: String(d.membersText ?? '')
      .split(/[\s,;]+/)
      .filter(Boolean),
  };
};

/**
 * The signer-group endpoints (list, read, create, update, delete). While the plan has no signer
 * groups the list is empty (the page says why) instead of an error.
 */
export const signerGroupsData: TResourceData = {
  getList: async () => {
    try {
      const groups = await call(api.listSignerGroups, { query: { includeMembers: 'true' } });
      return { data: groups.map(toRecord), total: groups.length };
    } catch (error) {
      if (ApiError.of(error).code === SIGNER_GROUP_ERRORS.off) return { data: [], total: 0 };
      throw error;
    }
  },
  getOne: async ({ id }) => {
    const group = await call(api.getSignerGroup, {
      params: { id: String(id) },
      query: { includeMembers: 'true' },
    });
    return { data: toRecord(group) as never };
  },
  create: async ({ data }) => {
    const saved = await call(api.createSignerGroup, { body: toInput(data) });
    return { data: toRecord(saved) as never };
  },
  update: async ({ id, data }) => {
    const saved = await call(api.updateSignerGroup, {
      params: { id: String(id) },
      body: toInput(data),
    });
    return { data: toRecord(saved) as never };
  },
  delete: async ({ id }) => {
    const gone = await call(api.deleteSignerGroup, { params: { id: String(id) } });
    return { data: toRecord(gone) as never };
  },
};
