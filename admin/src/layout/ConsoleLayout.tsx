import CreditCardIcon from '@mui/icons-material/CreditCard';
import HomeIcon from '@mui/icons-material/Home';
import { Box, ListItemIcon, ListItemText, MenuItem, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  AppBar,
  Layout,
  LocalesMenuButton,
  Logout,
  Menu,
  TitlePortal,
  UserMenu,
  useTranslate,
} from 'react-admin';
import { CONSOLE_PATHS } from '../access.ts';
import { useConsoleSession } from '../session.ts';
import { Logo } from './Logo.tsx';

/**
 * The menu: the dashboard, then every resource with a page the caller may open (react-admin asks
 * `canAccess` for each), then the plan page (the upgrade while locked).
 */
export function ConsoleMenu() {
  const translate = useTranslate();
  // While the business is locked only the upgrade is open (spec section 6), not the plan page.
  const { data: session } = useConsoleSession();
  return (
    <Menu>
      <Menu.DashboardItem to="/dashboard" primaryText={translate('menu.dashboard')} />
      <Menu.ResourceItems />
      {session?.business ? (
        <Menu.Item
          to={session.business.locked ? CONSOLE_PATHS.upgrade : CONSOLE_PATHS.billingPlan}
          primaryText={translate(session.business.locked ? 'menu.upgrade' : 'menu.billing')}
          leftIcon={<CreditCardIcon />}
        />
      ) : null}
    </Menu>
  );
}

/** Account menu: back to the site (documents, profile) and logout. */
function ConsoleUserMenu() {
  const translate = useTranslate();
  return (
    <UserMenu>
      <MenuItem component="a" href="/">
        <ListItemIcon>
          <HomeIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>{translate('menu.site')}</ListItemText>
      </MenuItem>
      <Logout />
    </UserMenu>
  );
}

/** The site's mark and the console's name, then the page title. */
function ConsoleAppBar() {
  const translate = useTranslate();
  return (
    <AppBar userMenu={<ConsoleUserMenu />} toolbar={<LocalesMenuButton />}>
      <Box
        component="a"
        href="/business/dashboard"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          color: 'inherit',
          textDecoration: 'none',
          mr: 2,
        }}
        aria-label={translate('app.title')}
      >
        <Logo />
        <Typography
          component="span"
          sx={{ fontWeight: 700, display: { xs: 'none', sm: 'inline' }, whiteSpace: 'nowrap' }}
        >
          {translate('app.title')}
        </Typography>
      </Box>
      <TitlePortal variant="body1" sx={{ color: 'text.secondary' }} />
    </AppBar>
  );
}

/** react-admin's layout with the console's menu and app bar. */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={ConsoleMenu} appBar={ConsoleAppBar}>
      {children}
    </Layout>
  );
}
