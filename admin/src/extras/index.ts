import ExtensionIcon from '@mui/icons-material/Extension';
import { lazy } from 'react';
import type { TConsoleResource } from '../resource.ts';
import { extrasData } from './extras.data.ts';

/** `/business/extras` (spec section 2). */
export const extras: TConsoleResource = {
  name: 'extras',
  list: lazy(() => import('./ExtrasList.tsx').then((m) => ({ default: m.ExtrasList }))),
  icon: ExtensionIcon,
  recordRepresentation: 'key',
  menuLabel: 'menu.extras',
  data: extrasData,
};
