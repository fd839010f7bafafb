/**
 * The head of a settings section: its icon and heading (`id` names the section: `aria-labelledby`), and for admins
 * its main action, a button with a plus ('Invite members', 'Create API key').
 */
import type { ReactNode } from 'react';
import { Button, Group, Title } from '@mantine/core';
import { IconPlus } from '../../../ui/icons';

/** The heading `title` with `icon`; `action` (label and handler) is shown when given. */
export function SectionHeader({ id, icon, title, action }: { id: string; icon: ReactNode; title: string; action?: { label: string; onClick: () => void } }) {
  return (
    <Group justify="space-between" align="center" gap="sm">
      <Group gap="xs" wrap="nowrap">
        {icon}
        <Title order={2} fz="xl" id={id}>
          {title}
        </Title>
      </Group>
      {action && (
        <Button leftSection={<IconPlus size={16} />} onClick={action.onClick}>
          {action.label}
        </Button>
      )}
    </Group>
  );
}
