/**
 * The `getCurrentUserOrThrow` node of app flows on the canvas and in its editor (spec 001 §2, §3): no settings —
 * the panel says what the step does and which of the user's fields later steps can use. Its status line comes from
 * `@formloom/contracts/workflows/nodes/get-current-user-or-throw`.
 */
import { Text } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { getCurrentUserOrThrowNode } from '@formloom/contracts/workflows/nodes/get-current-user-or-throw';
import { IconUser } from '../../../ui/icons';
import { defineNodeUi } from './types';

function GetCurrentUserOrThrowPanel() {
  return (
    <Text fz="sm" data-testid="get-current-user-panel">
      {copy.integrationNodes.currentUserHelp}
    </Text>
  );
}

/** The getCurrentUserOrThrow node's card and panel. */
export const getCurrentUserOrThrowNodeUi = defineNodeUi(getCurrentUserOrThrowNode, {
  title: copy.integrationNodes.titles.getCurrentUserOrThrow,
  description: copy.integrationNodes.descriptions.getCurrentUserOrThrow,
  icon: IconUser,
  color: 'gray',
  Panel: GetCurrentUserOrThrowPanel,
});
