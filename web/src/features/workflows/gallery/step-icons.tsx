/**
 * A trigger or step type as the gallery and the workflow list show it: its title, icon and colour from the
 * canvas registry (`nodes/registry.ts`), with a generic bolt for a type that has no card yet.
 */
import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { NodeType, TriggerType } from '@formloom/contracts/entities/workflow';
import { IconBolt } from '../../../ui/icons';
import { nodeUi, triggerUi } from '../nodes/registry';
import type { NodeIcon } from '../nodes/types';
import classes from './gallery.module.css';

/** The title, icon and colour of a trigger or node type. */
export interface StepLook {
  title: string;
  icon: NodeIcon;
  color: string;
}

/** How trigger type `type` looks (its registry entry; the type itself as title when it has none). */
export function triggerLook(type: TriggerType | string): StepLook {
  const ui = triggerUi(type);
  return { title: ui?.title ?? type, icon: ui?.icon ?? IconBolt, color: ui?.color ?? 'gray' };
}

/** How node type `type` looks (its registry entry; the type itself as title when it has none). */
export function nodeLook(type: NodeType | string): StepLook {
  const ui = nodeUi(type);
  return { title: ui?.title ?? type, icon: ui?.icon ?? IconBolt, color: ui?.color ?? 'gray' };
}

/** A step's icon in a tinted square (decorative: the title says what it is). */
export function StepIcon({ look, size = 32 }: { look: StepLook; size?: number }) {
  const Icon = look.icon;
  return (
    <ThemeIcon size={size} radius="md" variant="light" color={look.color} aria-hidden>
      <Icon size={Math.round(size * 0.55)} />
    </ThemeIcon>
  );
}

/**
 * The trigger then each step, in order, top to bottom, joined by a line (the creation dialog's preview, spec 001 §2
 * "The creation dialog first shows a preview").
 */
export function StepOutline({ trigger, steps }: { trigger: TriggerType; steps: readonly NodeType[] }) {
  const items = [{ label: 'When', look: triggerLook(trigger) }, ...steps.map((type, index) => ({ label: `Step ${index + 1}`, look: nodeLook(type) }))];
  return (
    <Stack gap={0} component="ol" className={classes.plainList} data-testid="template-preview-steps">
      {items.map((item, index) => (
        <li key={`${item.look.title}-${index}`}>
          <Group gap="sm" wrap="nowrap" py={6}>
            <StepIcon look={item.look} size={36} />
            <div>
              <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
                {item.label}
              </Text>
              <Text fz="sm" fw={600}>
                {item.look.title}
              </Text>
            </div>
          </Group>
          {index < items.length - 1 && <div aria-hidden className={classes.connector} />}
        </li>
      ))}
    </Stack>
  );
}
