import HomeIcon from '@mui/icons-material/Home';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import type { ReactNode } from 'react';
import { AppBar, Layout, Logout, Menu, UserMenu, useTranslate } from 'react-admin';
import { MENU } from '../menu.ts';
import { useConsoleSession } from '../session.ts';

/** The console menu, built from the typed list in menu.ts; its screens are for admins only. */
export function ConsoleMenu() {
  const translate = useTranslate();
  const { data: session } = useConsoleSession();
  if (session?.role !== 'admin') return <Menu />;
  return (
    <Menu>
      {MENU.map(({ to, label, icon: Icon }) => (
        <Menu.Item key={to} to={to} primaryText={translate(label)} leftIcon={<Icon />} />
      ))}
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

function ConsoleAppBar() {
  return <AppBar color="primary" userMenu={<ConsoleUserMenu />} />;
}

/** react-admin's layout with the console's menu and app bar. */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  return (
    <Layout menu={ConsoleMenu} appBar={ConsoleAppBar}>
      {children}
    </Layout>
  );
}
