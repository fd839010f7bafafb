/**
 * Renders one node type's editor panel as the canvas will (src/features/workflows/nodes/types.ts `NodePanelProps`):
 * the node in a workflow on the example form, the panel's edits kept as the canvas keeps its draft, and the latest
 * template readable by the test. Queries (an integration step's accounts) go to the test product's API.
 */
import { useState } from 'react';
import axe from 'axe-core';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { WorkflowNode, WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import type { NodeUi, WorkflowEditorContext } from '../../../src/features/workflows/nodes/types';

/** What {@link renderPanel} gives: the user, and the template as the panel last changed it. */
export interface RenderedPanel {
  user: ReturnType<typeof userEvent.setup>;
  template(): unknown;
}

/**
 * The WCAG 2 A and AA violations axe-core finds in `element` (colour contrast left to the browser tests: jsdom has no
 * layout), one line each: `rule: selectors`.
 */
export async function axeViolations(element: Element): Promise<string[]> {
  const result = await axe.run(element, { runOnly: ['wcag2a', 'wcag2aa'], rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

/** Renders `ui`'s panel for node `n1` (after the trigger) holding `template`. */
export function renderPanel(ui: NodeUi, template: unknown, options: { readOnly?: boolean } = {}): RenderedPanel {
  let latest = template;
  function Canvas() {
    const [current, setCurrent] = useState(template);
    const node = { type: ui.type, template: current, nextNodeId: null } as WorkflowNode;
    const workflow: WorkflowTemplate = {
      trigger: { type: 'formSubmission', template: { flowPublicIdentifier: 'f1' }, nextNodeId: 'n1' },
      nodes: { n1: node },
    };
    const context: WorkflowEditorContext = { flowPublicIdentifier: 'f1', formTemplate: exampleFormTemplate(), template: workflow, currentUser: { id: 1, email: 'ada@example.com' } };
    return (
      <ui.Panel
        nodeId="n1"
        node={node}
        status={ui.status(current)}
        readOnly={options.readOnly ?? false}
        context={context}
        onChange={(next) => {
          latest = next;
          setCurrent(next);
        }}
      />
    );
  }
  const user = userEvent.setup();
  // The panels that read the product (an integration step's accounts) ask the real API, as the signed-in user.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    // As the app's provider in component tests: no transitions, no portals.
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <Canvas />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { user, template: () => latest };
}
