/**
 * Renders one node type's editor panel as the canvas does — its template held in state and replaced by the panel's
 * `onChange`, a Done button disabled as the type's `doneBlocked` says — inside the app's providers, so that the
 * panel's calls (its 'Test') go to the real product `global-setup.ts` started. The form is a real one of a user
 * signed up for the test ({@link formForPanels}).
 */
import { useState } from 'react';
import axe from 'axe-core';
import { render, screen, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Button } from '@mantine/core';
import { createFlow } from '@formloom/contracts/api/flows/flows';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import { AppProvider } from '../../../src/app/provider';
import type { NodeUi, WorkflowEditorContext } from '../../../src/features/workflows/nodes/types';
import { callEndpoint } from '../../../src/lib/api-client';
import { createQueryClient } from '../../../src/lib/query-client';
import { signUpUser } from '../../render-app';

/** A user signed up for the test and their new form (the example form: Name w1, Email w2, Plan w3). */
export async function formForPanels(): Promise<{ publicIdentifier: string; formTemplate: FlowTemplate }> {
  await signUpUser();
  const me = await callEndpoint(getMe, {});
  const formTemplate = exampleFormTemplate();
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Leads', type: 'form', workspaceId: me.workspaces[0]!.id, flowTemplate: formTemplate } });
  return { publicIdentifier: flow.publicIdentifier, formTemplate };
}

/** What {@link renderPanel} gives: the render, a user, and the node's template as the panel left it. */
export interface RenderedPanel extends RenderResult {
  user: UserEvent;
  template(): unknown;
  done(): HTMLElement;
}

/** Renders `ui`'s panel for node `n1` (the trigger's next) with `initial`, on the form `form`. */
export function renderPanel(ui: NodeUi, initial: unknown, form: { publicIdentifier: string; formTemplate: FlowTemplate }, readOnly = false): RenderedPanel {
  let current: unknown = initial;
  function Harness() {
    const [template, setTemplate] = useState<unknown>(initial);
    current = template;
    const node = { type: ui.type, template: template as Record<string, unknown>, nextNodeId: null };
    const workflow: WorkflowTemplate = {
      trigger: { type: 'formSubmission', template: { flowPublicIdentifier: form.publicIdentifier }, nextNodeId: 'n1' },
      nodes: { n1: node },
    };
    const context: WorkflowEditorContext = {
      flowPublicIdentifier: form.publicIdentifier,
      formTemplate: form.formTemplate,
      template: workflow,
      currentUser: undefined,
    };
    const blocked = ui.doneBlocked?.(template) ?? false;
    return (
      <>
        <ui.Panel nodeId="n1" node={node} status={ui.status(template)} readOnly={readOnly} onChange={setTemplate} context={context} />
        <Button disabled={blocked !== false} title={blocked === false ? undefined : blocked.tooltip}>
          Done
        </Button>
      </>
    );
  }
  const user = userEvent.setup();
  const result = render(
    <AppProvider queryClient={createQueryClient()} env="test">
      <Harness />
    </AppProvider>,
  );
  return { ...result, user, template: () => current, done: () => screen.getByRole('button', { name: 'Done' }) };
}

/**
 * Checks `container` with axe-core's WCAG 2 A and AA rules (as `web/e2e/accessibility.test.ts` does in Chromium;
 * jsdom has no layout, so colour contrast is left to that test). Resolves the violations' ids and the nodes they
 * name, `[]` when there are none.
 */
export async function axeViolations(container: Element): Promise<Array<{ id: string; nodes: string[] }>> {
  const result = await axe.run(container, { runOnly: ['wcag2a', 'wcag2aa'], rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.html) }));
}
