import VerifiedIcon from '@mui/icons-material/Verified';
import { lazy } from 'react';
import type { TConsoleResource } from '../resource.ts';
import { sealsData } from './seals.data.ts';

/** `/business/seals`, `/business/seals/{accountname}`: the business's seals (spec sections 2, 3, 7). */
export const seals: TConsoleResource = {
  name: 'seals',
  list: lazy(() => import('./SealsList.tsx').then((m) => ({ default: m.SealsList }))),
  create: lazy(() => import('./SealCreate.tsx').then((m) => ({ default: m.SealCreate }))),
  edit: lazy(() => import('./SealEdit.tsx').then((m) => ({ default: m.SealEdit }))),
  icon: VerifiedIcon,
  recordRepresentation: 'displayName',
  menuLabel: 'menu.seals',
  data: sealsData,
};
