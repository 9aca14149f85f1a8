import SettingsIcon from '@mui/icons-material/Settings';
import { lazy } from 'react';
import type { TConsoleResource } from '../resource.ts';
import { settingsData } from './settings.data.ts';

/** `/business/settings`: one record per business, so its page is the edit form itself. */
export const settings: TConsoleResource = {
  name: 'settings',
  list: lazy(() => import('./SettingsEdit.tsx').then((m) => ({ default: m.SettingsEdit }))),
  icon: SettingsIcon,
  menuLabel: 'menu.settings',
  data: settingsData,
};
