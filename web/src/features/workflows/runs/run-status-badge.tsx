/** A run's or step's state as a coloured badge ('Succeeded' green, 'Failed' red …), with `data-status` for tests. */
import { Badge, type BadgeProps } from '@mantine/core';
import { statusColor, statusLabel, type AnyStatus } from './format';

export function RunStatusBadge({ status, ...props }: { status: AnyStatus } & Omit<BadgeProps, 'color' | 'children'>) {
  return (
    <Badge variant="light" color={statusColor(status)} data-testid="run-status" data-status={status} {...props}>
      {statusLabel(status)}
    </Badge>
  );
}
