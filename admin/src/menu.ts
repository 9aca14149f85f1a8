import BusinessIcon from '@mui/icons-material/Business';
import DashboardIcon from '@mui/icons-material/Dashboard';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

/** One entry of the console menu. */
export type TMenuEntry = {
  /** Router path inside the console (the browser shows it under /business). */
  readonly to: `/${string}`;
  /** Key in locales/<lang>/admin.json. */
  readonly label: string;
  readonly icon: ComponentType<SvgIconProps>;
};

/**
 * The console menu, in order. Only screens that exist are listed: a screen's issue adds its
 * entry here (activity, settings, seals, billing/plan, extras, members, members/domains,
 * members/signer-groups, developers/api follow spec section 2).
 */
export const MENU: readonly TMenuEntry[] = [
  { to: '/dashboard', label: 'menu.dashboard', icon: DashboardIcon },
  { to: '/profile', label: 'menu.profile', icon: BusinessIcon },
];
