import type { ReactElement } from 'react';
import { DashboardPage } from './pages/DashboardPage.tsx';
import { ProfilePage } from './pages/ProfilePage.tsx';
import { RegisterPage } from './pages/RegisterPage.tsx';

/** One console screen: its router path (under /business) and whether it sits in the layout. */
export type TScreen = {
  readonly path: `/${string}`;
  readonly element: ReactElement;
  readonly layout: boolean;
};

/**
 * The screens that exist. Each is rendered behind the access guard (access.ts decides who may
 * see it). Add a screen here and its entry in menu.ts.
 */
export const SCREENS: readonly TScreen[] = [
  { path: '/dashboard', element: <DashboardPage />, layout: true },
  { path: '/profile', element: <ProfilePage />, layout: true },
  { path: '/register', element: <RegisterPage />, layout: false },
];

/**
 * Paths that only redirect (access.ts BUSINESS_ALIASES): the bare console path and the old
 * members activity page. The guard sends them on.
 */
export const ALIAS_PATHS: readonly `/${string}`[] = ['/', '/members/activity'];
