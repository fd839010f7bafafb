/**
 * The app header's user menu (spec 000 §2 "Home page"): the user's avatar and name (the name shown from 576 px up,
 * below that read by screen readers only) opening a menu with their email and current organization, then the account
 * entries ({@link useAccountMenu}: Switch organization when allowed, Settings — 'Settings & members' for admins —,
 * Help center, Sign out).
 */
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '../../../ui/icons';
import { useMe } from '../api/get-me';
import { useAccountMenu } from './account-menu';
import classes from './user-menu.module.css';

/** The signed-in user's menu; renders nothing while no user is known. */
export function UserMenu() {
  const me = useMe();
  const account = useAccountMenu();
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
          {account.items}
        </Menu.Dropdown>
      </Menu>
      {account.dialogs}
    </>
  );
}
