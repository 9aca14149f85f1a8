import { SEAL_ACCOUNT_NAME_PATTERN, type TSealQuality } from '@signet/shared/seal/seal.constants';
import type { TSeal, TSealListItem } from '@signet/shared/seal/seal.schema';
import { HttpError } from 'react-admin';
import { ApiError, api, call } from '../providers/client.ts';
import type { TResourceData } from '../resource.ts';
import { currentBusinessId } from '../session.ts';

/**
 * A seal as the console shows it: its account name is its id (so `/business/seals/{accountname}`
 * is react-admin's edit route); `memberIds` are the user ids of the members who may use it.
 */
export type TSealRecord = TSealListItem &
  Partial<Omit<TSeal, keyof TSealListItem>> & { id: string; memberIds?: string[] };

const toRecord = (s: TSealListItem | TSeal): TSealRecord => ({
  ...s,
  id: s.accountName,
  ...('members' in s ? { memberIds: s.members.map((m) => m.id) } : {}),
});

type TSealForm = {
  accountName?: string;
  displayName?: string;
  /** Only when creating: the certificate is issued for it. */
  quality?: TSealQuality;
  apiUsers?: string[];
  memberIds?: string[];
};

/**
 * Writes a seal: `PUT …/seals/{seal}` (display name and API-user grants; a new account name
 * creates the seal with its key and certificate), then the members who may use it as the
 * difference to what it had (`POST` / `DELETE …/seals/{seal}/members`).
 */
async function saveSeal(
  accountName: string,
  form: TSealForm,
  before: string[],
  creating = false,
): Promise<TSeal> {
  const params = { id: await currentBusinessId(), seal: accountName };
  let saved = await call(api.putSeal, {
    params,
    body: {
      displayName: String(form.displayName ?? ''),
      apiUsers: form.apiUsers ?? [],
      ...(creating && form.quality ? { quality: form.quality } : {}),
    },
  });
  const wanted = form.memberIds ?? before;
  const added = wanted.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !wanted.includes(id));
  if (added.length) saved = await call(api.addSealMembers, { params, body: { members: added } });
  if (removed.length) {
    saved = await call(api.removeSealMembers, { params, body: { members: removed } });
  }
  return saved;
}

const refuseAccountName = (message: string) =>
  new HttpError(message, 400, { errors: { accountName: message } });

/**
 * Creating is `PUT` of a new account name, so the form first makes sure the name is one
 * (shared's pattern: it is a path segment, which the server refuses with 400 before any field)
 * and that no seal has it yet (PUT would otherwise edit that seal).
 */
async function assertNewAccountName(accountName: string): Promise<void> {
  if (!SEAL_ACCOUNT_NAME_PATTERN.test(accountName))
    throw refuseAccountName('seals.account_name_rule');
  try {
    await call(api.getSeal, { params: { id: await currentBusinessId(), seal: accountName } });
  } catch (error) {
    if (ApiError.of(error).status === 404) return;
    throw error;
  }
  throw refuseAccountName('seals.account_name_taken');
}

/** `GET /v1/businesses/{id}/seals`, `GET/PUT …/seals/{seal}`, `POST/DELETE …/seals/{seal}/members`. */
export const sealsData: TResourceData = {
  getList: async () => {
    const seals = await call(api.listSeals, { params: { id: await currentBusinessId() } });
    return { data: seals.map(toRecord), total: seals.length };
  },
  getOne: async ({ id }) => {
    const seal = await call(api.getSeal, {
      params: { id: await currentBusinessId(), seal: String(id) },
    });
    return { data: toRecord(seal) as never };
  },
  create: async ({ data }) => {
    const form = data as TSealForm;
    const accountName = String(form.accountName ?? '').trim();
    await assertNewAccountName(accountName);
    const saved = await saveSeal(accountName, form, [], true);
    return { data: toRecord(saved) as never };
  },
  update: async ({ id, data, previousData }) => {
    const before = (previousData as TSealRecord | undefined)?.memberIds ?? [];
    const saved = await saveSeal(String(id), data as TSealForm, before);
    return { data: toRecord(saved) as never };
  },
};
