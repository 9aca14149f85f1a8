import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import type { TConsoleResource } from '../resource.ts';
import { adminsData } from './admins.data.ts';

/** The business's administrators; their list is part of the profile page. */
export const admins: TConsoleResource = {
  name: 'admins',
  icon: AdminPanelSettingsIcon,
  recordRepresentation: 'name',
  data: adminsData,
};
