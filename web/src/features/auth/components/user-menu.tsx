/**
 * The app header's user menu (spec 000 §2 "Home page": the header menu has Switch organization — only when allowed —
 * Settings — 'Settings & members' for admins — and ends with 'Sign out'): the user's avatar and name (the name shown
 * from 576 px up, below that read by screen readers only) opening a menu with their email and current organization,
 * 'Switch organization' when they belong to more than one (`MeResponse.canSwitchOrganization`; the
 * {@link OrganizationSwitcher}), the link to `/home/settings` and 'Sign out'. Signing out drops every cached query and
 * goes to `/login`.
 */
import { useState } from 'react';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import * as copy from '@formloom/contracts/copy';
import { paths } from '../../../config/paths';
import { IconSwitch } from '../../../ui/app-icons';
import { IconChevronDown, IconLogout, IconSettings } from '../../../ui/icons';
import { useMe } from '../api/get-me';
import { useLogout } from '../api/logout';
import { OrganizationSwitcher } from './organization-switcher';
import classes from './user-menu.module.css';

/** The signed-in user's menu; renders nothing while no user is known. */
export function UserMenu() {
  const me = useMe();
  const logoutMutation = useLogout();
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);
  const user = me.data?.user;
  if (!user) return null;
  const organization = me.data?.organizations[0];
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

  return (
    <>
      <Menu position="bottom-end" width={240} shadow="md" withinPortal={false} withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <UnstyledButton data-testid="user-menu">
            <Group gap="xs" wrap="nowrap">
              <Avatar color="brand" radius="xl" size={32} aria-hidden>
                {initials || '?'}
              </Avatar>
              <Text fz="sm" fw={600} className={classes.name} data-testid="user-name" truncate maw={180}>
                {fullName}
              </Text>
              <IconChevronDown size={16} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text fz="xs" truncate>
              {user.email}
            </Text>
            {organization && (
              <Text fz="xs" c="dimmed" truncate data-testid="current-organization">
                {organization.name}
              </Text>
            )}
          </Menu.Label>
          {me.data?.canSwitchOrganization && (
            <Menu.Item leftSection={<IconSwitch size={16} />} onClick={() => setSwitching(true)} data-testid="switch-organization">
              {copy.organizations.switchOrganization}
            </Menu.Item>
          )}
          <Menu.Item component={Link} to={paths.settings.getHref()} leftSection={<IconSettings size={16} />}>
            {user.isAdmin ? copy.settings.menuItemAdmin : copy.settings.menuItem}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconLogout size={16} />}
            disabled={logoutMutation.isPending}
            onClick={() =>
              logoutMutation.mutate(undefined, { onSettled: () => navigate(paths.login.getHref(), { replace: true }) })
            }
          >
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <OrganizationSwitcher opened={switching} onClose={() => setSwitching(false)} />
    </>
  );
}
