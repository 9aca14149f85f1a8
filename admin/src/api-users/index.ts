import CodeIcon from '@mui/icons-material/Code';
import { lazy } from 'react';
import type { TConsoleResource } from '../resource.ts';
import { apiUsersData } from './api-users.data.ts';

/** `/business/developers/api`: the API reference, the business's API users, a curl example (spec section 2). */
export const apiUsers: TConsoleResource = {
  name: 'developers/api',
  list: lazy(() => import('./ApiUsersList.tsx').then((m) => ({ default: m.ApiUsersList }))),
  create: lazy(() => import('./ApiUserCreate.tsx').then((m) => ({ default: m.ApiUserCreate }))),
  icon: CodeIcon,
  recordRepresentation: 'name',
  menuLabel: 'menu.api',
  data: apiUsersData,
};
