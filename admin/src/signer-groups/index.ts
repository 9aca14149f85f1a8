import GroupsIcon from '@mui/icons-material/Groups';
import { lazy } from 'react';
import type { TConsoleResource } from '../resource.ts';
import { signerGroupsData } from './signer-groups.data.ts';

/** `/business/members/signer-groups`: the business's signer groups (spec section 2). */
export const signerGroups: TConsoleResource = {
  name: 'members/signer-groups',
  list: lazy(() => import('./SignerGroupsList.tsx').then((m) => ({ default: m.SignerGroupsList }))),
  create: lazy(() =>
    import('./SignerGroupCreate.tsx').then((m) => ({ default: m.SignerGroupCreate })),
  ),
  edit: lazy(() => import('./SignerGroupEdit.tsx').then((m) => ({ default: m.SignerGroupEdit }))),
  icon: GroupsIcon,
  recordRepresentation: 'name',
  menuLabel: 'menu.signer_groups',
  data: signerGroupsData,
};
