import MailOutlineIcon from '@mui/icons-material/Mail';
import PeopleIcon from '@mui/icons-material/People';
import { lazy } from 'react';
import type { TConsoleResource } from '../resource.ts';
import { invitationsData } from './invitations.data.ts';
import { membersData } from './members.data.ts';

/** `/business/members`: the members, their roles and cost centres, and open invitations. */
export const members: TConsoleResource = {
  name: 'members',
  list: lazy(() => import('./MembersList.tsx').then((m) => ({ default: m.MembersList }))),
  icon: PeopleIcon,
  recordRepresentation: 'name',
  menuLabel: 'menu.members',
  data: membersData,
};

/** Invitations not answered yet; shown on the members page. */
export const invitations: TConsoleResource = {
  name: 'invitations',
  icon: MailOutlineIcon,
  recordRepresentation: 'email',
  data: invitationsData,
};
