/** The header's user block: avatar with the user's name and a 'Sign out' button. */
import { Avatar, Button, Group, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { IconLogout } from '../../../ui/icons';
import { useMe } from '../api/get-me';
import { useLogout } from '../api/logout';

export function UserMenu() {
  const me = useMe();
  const logoutMutation = useLogout();
  const navigate = useNavigate();
  const user = me.data?.user;
  if (!user) return null;
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();

  return (
    <Group gap="sm" wrap="nowrap" data-testid="user-menu">
      <Avatar color="brand" radius="xl" size={32} aria-hidden>
        {initials || '?'}
      </Avatar>
      <Text fz="sm" fw={600} visibleFrom="xs" data-testid="user-name" truncate maw={180}>
        {fullName || user.email}
      </Text>
      <Button
        variant="subtle"
        color="gray"
        size="compact-sm"
        leftSection={<IconLogout size={16} />}
        loading={logoutMutation.isPending}
        onClick={() => logoutMutation.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) })}
      >
        Sign out
      </Button>
    </Group>
  );
}
