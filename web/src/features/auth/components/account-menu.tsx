/**
 * The account entries of the app's menus (spec 000 §2: the header menu, and on mobile the workspace selector's menu,
 * have 'Switch organization' — only when allowed —, Settings — 'Settings & members' for admins —, Help center and
 * 'Sign out'), for any `Menu.Dropdown`: {@link useAccountMenu} gives the entries and the dialogs they open, which the
 * caller renders outside the menu (a closed menu unmounts its entries). Signing out drops every cached query and goes
 * to `/login`; 'Help center' opens the operator's help center (`MeResponse.helpCenterUrl`) in a new tab, and is absent
 * without one.
 */
import { useState, type ReactNode } from 'react';
import { Menu } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import * as copy from '@formloom/contracts/copy';
import { paths } from '../../../config/paths';
import { IconSwitch } from '../../../ui/app-icons';
import { IconExternal, IconLogout, IconMessage, IconSettings } from '../../../ui/icons';
import { useMe } from '../api/get-me';
import { useLogout } from '../api/logout';
import { OrganizationSwitcher } from './organization-switcher';

/** The account entries (`items`, for a menu's dropdown) and their dialogs (`dialogs`, outside the menu). */
export function useAccountMenu(): { items: ReactNode; dialogs: ReactNode } {
  const me = useMe();
  const logoutMutation = useLogout();
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);
  const user = me.data?.user;
  if (!user) return { items: null, dialogs: null };
  const items = (
    <>
      {me.data?.canSwitchOrganization && (
        <Menu.Item leftSection={<IconSwitch size={16} />} onClick={() => setSwitching(true)} data-testid="switch-organization">
          {copy.organizations.switchOrganization}
        </Menu.Item>
      )}
      <Menu.Item component={Link} to={paths.settings.getHref()} leftSection={<IconSettings size={16} />}>
        {user.isAdmin ? copy.settings.menuItemAdmin : copy.settings.menuItem}
      </Menu.Item>
      {me.data?.helpCenterUrl && (
        <Menu.Item
          component="a"
          href={me.data.helpCenterUrl}
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<IconMessage size={16} />}
          rightSection={<IconExternal size={14} />}
          data-testid="help-center"
        >
          {copy.home.helpCenter}
        </Menu.Item>
      )}
      <Menu.Divider />
      <Menu.Item
        leftSection={<IconLogout size={16} />}
        disabled={logoutMutation.isPending}
        onClick={() => logoutMutation.mutate(undefined, { onSettled: () => navigate(paths.login.getHref(), { replace: true }) })}
      >
        Sign out
      </Menu.Item>
    </>
  );
  return { items, dialogs: <OrganizationSwitcher opened={switching} onClose={() => setSwitching(false)} /> };
}
