/**
 * The small "‹ {page}" link at the top of a page that leads back to the page it belongs to (Settings, Integrations,
 * a workflow's runs).
 */
import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { IconChevronLeft } from './icons';

/** A back link to `to`, reading `label`. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} fz="sm" w="fit-content">
      <Group gap={4} wrap="nowrap" component="span">
        <IconChevronLeft size={14} />
        {label}
      </Group>
    </Anchor>
  );
}
