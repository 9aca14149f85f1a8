import { ApiError } from '@signet/shared/api/browser';
import { SIGNER_GROUP_ERRORS } from '@signet/shared/signer-group/signer-group.constants';
import type { TSignerGroup } from '@signet/shared/signer-group/signer-group.schema';
import { useId, useState } from 'react';
import { api, call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/errors.ts';
import { openDialog } from '../../stores/modals.ts';
import { showSnackbar } from '../../stores/snackbars.ts';
import type { TRequestDialogContext } from './request-dialog.tsx';

export const ADD_SIGNER_GROUP_DIALOG = 'document/add-signer-group';

type TContext = TRequestDialogContext & {
  /** Addresses that sign already (they are not added twice). */
  signers: readonly string[];
  /** The order the first added member gets. */
  nextOrder: number;
  /** In order: each member after the one before; otherwise all at `nextOrder` (in parallel). */
  inOrder: boolean;
};

/**
 * The add-signer-group dialog (spec: document/add signer group): the business's signer groups
 * (`GET /v3/groups?includeMembers=true`); the chosen group's members become signers of the
 * request in the group's order (`POST …/signatures` each, like the add-signer dialog), skipping
 * who signs already. Without groups (none yet, or not in the plan) it says so.
 */
export async function openAddSignerGroupDialog(ctx: TContext): Promise<void> {
  const { t } = ctx;
  let groups: TSignerGroup[] = [];
  try {
    groups = await call(api.listSignerGroups, { query: { includeMembers: 'true' } });
  } catch (error) {
    if (ApiError.of(error).code !== SIGNER_GROUP_ERRORS.off) {
      showSnackbar({ message: errorMessage(t, error), variant: 'error' });
      return;
    }
  }
  const chosen = { id: groups[0]?.id ?? '' };
  openDialog({
    name: ADD_SIGNER_GROUP_DIALOG,
    title: t('dialog.addSignerGroup.title'),
    content: <GroupChoice t={t} groups={groups} chosen={chosen} />,
    actions: [
      { id: 'cancel', label: t('action.cancel'), variant: 'text' },
      ...(groups.length
        ? [
            {
              id: 'confirm',
              label: t('dialog.addSignerGroup.confirm'),
              variant: 'primary' as const,
              handler: () =>
                addGroup(
                  ctx,
                  groups.find((g) => g.id === chosen.id),
                ),
            },
          ]
        : []),
    ],
  });
}

async function addGroup(ctx: TContext, group: TSignerGroup | undefined): Promise<void> {
  const { t } = ctx;
  if (!group) throw new Error(t('account:form.required'));
  const signing = new Set(ctx.signers.map((s) => s.toLowerCase()));
  const toAdd = (group.members ?? []).filter((m) => !signing.has(m.toLowerCase()));
  let order = ctx.nextOrder;
  try {
    for (const email of toAdd) {
      const updated = await call(api.addSignatureRequestSigner, {
        params: { id: ctx.requestId },
        body: { signer_identity_data: { email_address: email }, order },
      });
      ctx.onDone(updated);
      if (ctx.inOrder) order += 1;
    }
  } catch (error) {
    showSnackbar({ message: t('snackbar.inviteFailed'), variant: 'error' });
    throw new Error(errorMessage(t, error));
  }
  showSnackbar({
    message: t('snackbar.groupAdded', { name: group.name, count: toAdd.length }),
    variant: 'success',
  });
}

function GroupChoice({
  t,
  groups,
  chosen,
}: {
  t: TRequestDialogContext['t'];
  groups: readonly TSignerGroup[];
  chosen: { id: string };
}) {
  const id = useId();
  const [value, setValue] = useState(chosen.id);
  if (!groups.length) return <p>{t('dialog.addSignerGroup.none')}</p>;
  return (
    <fieldset className="rq-chips" data-testid="signer-group-choice">
      <legend>{t('dialog.addSignerGroup.body')}</legend>
      {groups.map((g) => (
        <label key={g.id} className="rq-chip" htmlFor={`${id}-${g.id}`}>
          <input
            id={`${id}-${g.id}`}
            type="radio"
            name={`${id}-group`}
            checked={value === g.id}
            onChange={() => {
              chosen.id = g.id;
              setValue(g.id);
            }}
          />
          {t('dialog.addSignerGroup.option', { name: g.name, count: g.memberCount })}
        </label>
      ))}
    </fieldset>
  );
}
