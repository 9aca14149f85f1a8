import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { lazy } from 'react';
import type { TConsoleResource } from '../resource.ts';
import { aesData } from './aes.data.ts';

/** `/business/profile/aes-for-business`: one record per business, edited in place. */
export const aes: TConsoleResource = {
  name: 'profile/aes-for-business',
  list: lazy(() => import('./AesEdit.tsx').then((m) => ({ default: m.AesEdit }))),
  icon: VerifiedUserIcon,
  menuLabel: 'menu.aes',
  data: aesData,
};
