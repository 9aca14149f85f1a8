import TimelineIcon from '@mui/icons-material/Timeline';
import { lazy } from 'react';
import type { TConsoleResource } from '../resource.ts';
import {
  accountActivityData,
  identificationActivityData,
  signatureActivityData,
} from './activity.data.ts';

/** `/business/activity`: one page with the three activity lists (their resources follow). */
export const activity: TConsoleResource = {
  name: 'activity',
  list: lazy(() => import('./ActivityPage.tsx').then((m) => ({ default: m.ActivityPage }))),
  icon: TimelineIcon,
  menuLabel: 'menu.activity',
  data: {},
};

/** The lists the activity page shows (no page or menu entry of their own). */
export const activityLists: TConsoleResource[] = [
  // Labels name them in react-admin's texts ("no accounts found"); without a list view they get
  // no menu entry.
  { name: 'activity-accounts', menuLabel: 'activity.accounts', data: accountActivityData },
  { name: 'activity-signatures', menuLabel: 'activity.signatures', data: signatureActivityData },
  {
    name: 'activity-identifications',
    menuLabel: 'activity.identifications',
    data: identificationActivityData,
  },
];
