import BusinessIcon from '@mui/icons-material/Business';
import { lazy } from 'react';
import type { TConsoleResource } from '../resource.ts';
import { profileData } from './profile.data.ts';

/**
 * The business profile (`/business/profile`): one record per business, so its page is the
 * edit form itself (react-admin's "list" route of the resource).
 */
export const profile: TConsoleResource = {
  name: 'profile',
  // Loaded with its page: the form machinery stays out of the console's first load.
  list: lazy(() => import('./ProfileEdit.tsx').then((m) => ({ default: m.ProfileEdit }))),
  icon: BusinessIcon,
  recordRepresentation: 'name',
  menuLabel: 'menu.profile',
  data: profileData,
};
