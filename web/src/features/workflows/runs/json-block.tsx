/**
 * JSON shown pretty in a scrollable block with a copy button (a step's input and output, a run's trigger data). The
 * scrolling block is a labelled region a keyboard can reach, so a screen reader names what it reads; the copy button
 * says what it copies.
 */
import { useId } from 'react';
import { ActionIcon, Code, CopyButton, Group, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { IconCheck, IconCopy } from '../../../ui/icons';
import { prettyJson } from './format';
import classes from './runs.module.css';

export function JsonBlock({ label, value, testId }: { label: string; value: unknown; testId?: string }) {
  const id = useId();
  const text = prettyJson(value);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fz="xs" fw={600} c="dimmed" id={id}>
          {label}
        </Text>
        <CopyButton value={text}>
          {({ copied, copy: copyText }) => (
            <Tooltip label={copied ? copy.workflowRuns.copied : copy.workflowRuns.copy} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'green' : 'gray'}
                size="sm"
                onClick={copyText}
                aria-label={`${copy.workflowRuns.copy} ${label.toLowerCase()}`}
              >
                {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <ScrollArea.Autosize
        mah={320}
        type="auto"
        className={classes.json}
        // The viewport scrolls: keyboard users reach it (Tab, then the arrow keys), and it is named by the label.
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-labelledby': id }}
      >
        <Code block className={classes.code} data-testid={testId}>
          {text}
        </Code>
      </ScrollArea.Autosize>
    </Stack>
  );
}
