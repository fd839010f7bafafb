/**
 * The approval node's editor panel (src/features/workflows/nodes/approval.tsx; spec 001 §2, §4), rendered as the
 * canvas renders a panel — its template held by the caller, every change handed back through `onChange` — against the
 * real product (the approver picker reads the organization's users from `GET /admin/members`):
 * - a node without approvers gets the signed-in user, and its status line then reads complete;
 * - 'Add option' makes 'New option', then 'New option (2)', each in the next pastel shade; the last option stays;
 * - renaming an option to another's name shows 'An option with this name already exists' and keeps a unique name;
 * - deleting an input field asks to confirm; drag handles exist only with more than one field;
 * - an address typed in full that is no member offers 'Invite', and Enter opens the page where members are added.
 */
import { useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as copy from '@formloom/contracts/copy';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { APPROVAL_PALETTE, approvalNode, type ApprovalNodeTemplate } from '@formloom/contracts/workflows/nodes/approval';
import { AppProvider } from '../../../src/app/provider';
import { paths } from '../../../src/config/paths';
import { NODE_UIS } from '../../../src/features/workflows/nodes/registry';
import { createQueryClient } from '../../../src/lib/query-client';
import { signUpUser } from '../../render-app';

/** The panel with its template held here, as the canvas holds it; `latest()` is the template now. */
function renderPanel(initial: unknown, currentUser?: { id: number; email: string }) {
  const ui = NODE_UIS.approval;
  let latest = initial;
  function Harness() {
    const [template, setTemplate] = useState(initial);
    const workflow: WorkflowTemplate = {
      trigger: { type: 'formSubmission', template: { flowPublicIdentifier: 'abc' }, nextNodeId: 'a1' },
      nodes: { a1: { type: 'approval', template: template as Record<string, unknown>, nextNodeId: null } },
    };
    return (
      <>
        <ui.Panel
          nodeId="a1"
          node={workflow.nodes.a1!}
          status={ui.status(template)}
          readOnly={false}
          onChange={(next) => {
            latest = next;
            setTemplate(next);
          }}
          context={{ flowPublicIdentifier: 'abc', formTemplate: undefined, template: workflow, currentUser }}
        />
        {ui.FooterActions && <ui.FooterActions nodeId="a1" node={workflow.nodes.a1!} status={ui.status(template)} readOnly={false} onChange={() => undefined} context={{ flowPublicIdentifier: 'abc', formTemplate: undefined, template: workflow, currentUser }} />}
      </>
    );
  }
  const user = userEvent.setup();
  render(
    <AppProvider queryClient={createQueryClient()} env="test">
      <Harness />
    </AppProvider>,
  );
  return { user, latest: () => latest as ApprovalNodeTemplate };
}

/** A complete template with `ada` as the approver (so no default is added). */
function withApprover(changes: Partial<ApprovalNodeTemplate> = {}): ApprovalNodeTemplate {
  return { ...approvalNode.defaultTemplate(), approvers: { type: 'users', approvers: [{ email: 'ada@example.com' }], slackServiceId: null }, ...changes };
}

describe('the approval panel', () => {
  it('adds the signed-in user as the approver when it opens on a node without one', async () => {
    const me = await signUpUser({ firstName: 'Grace', lastName: 'Hopper' });
    const fresh = approvalNode.defaultTemplate();
    expect(approvalNode.status(fresh).description).toBe('Setup needed: Set approvers');
    const panel = renderPanel(fresh, { id: me.id, email: me.email });
    await waitFor(() => expect(panel.latest().approvers.approvers).toEqual([{ userId: me.id, email: me.email }]));
    const approvers = screen.getByTestId('approval-approvers');
    expect(await within(approvers).findByText('Grace Hopper')).toBeInTheDocument();
    expect(within(approvers).getByRole('button', { name: copy.approval.removeApprover('Grace Hopper') })).toBeInTheDocument();
    expect(approvalNode.status(panel.latest())).toEqual({ complete: true, description: '1 approver · Approved, Rejected' });
    // The 'Feedback?' link beside Done, and the Beta badge of the type.
    expect(screen.getByRole('link', { name: 'Feedback?' })).toHaveAttribute('href', expect.stringMatching(/^mailto:support@/));
    expect(NODE_UIS.approval.badge).toBe('Beta');
  });

  it("names new options 'New option', made unique, in the next pastel shade, and keeps the last option", async () => {
    await signUpUser();
    const panel = renderPanel(withApprover());
    await panel.user.click(screen.getByRole('button', { name: copy.approval.addOption }));
    await panel.user.click(screen.getByRole('button', { name: copy.approval.addOption }));
    expect(screen.getByRole('textbox', { name: 'Option 3 name' })).toHaveValue('New option');
    expect(screen.getByRole('textbox', { name: 'Option 4 name' })).toHaveValue('New option (2)');
    expect(panel.latest().states.map((state) => state.color)).toEqual(APPROVAL_PALETTE.slice(0, 4));

    for (const name of ['New option (2)', 'New option', 'Rejected']) {
      await panel.user.click(screen.getByRole('button', { name: copy.approval.deleteOption(name) }));
    }
    expect(panel.latest().states.map((state) => state.name)).toEqual(['Approved']);
    expect(screen.getByRole('button', { name: copy.approval.deleteOption('Approved') })).toBeDisabled();
  });

  it("says 'An option with this name already exists' and keeps a unique name on a duplicate", async () => {
    await signUpUser();
    const panel = renderPanel(withApprover());
    const second = screen.getByRole('textbox', { name: 'Option 2 name' });
    await panel.user.clear(second);
    await panel.user.type(second, 'approved');
    await panel.user.tab();
    expect(await screen.findByText('An option with this name already exists')).toBeInTheDocument();
    expect(second).toHaveValue('approved (2)');
    expect(panel.latest().states.map((state) => state.name)).toEqual(['Approved', 'approved (2)']);
    // A name of its own clears the message.
    await panel.user.clear(second);
    await panel.user.type(second, 'Declined{Enter}');
    expect(screen.queryByText('An option with this name already exists')).not.toBeInTheDocument();
    expect(panel.latest().states[1]!.name).toBe('Declined');
  });

  it('asks before deleting an input field, and offers drag handles only with more than one field', async () => {
    await signUpUser();
    const panel = renderPanel(withApprover());
    const addField = async (label: string) => {
      await panel.user.click(screen.getByRole('button', { name: copy.approval.addField }));
      const form = screen.getByTestId('approval-field-form');
      await panel.user.type(within(form).getByRole('textbox', { name: copy.approval.fieldLabel }), label);
      await panel.user.click(within(form).getByRole('button', { name: copy.approval.saveField }));
    };
    await addField('Reason');
    expect(panel.latest().input.fields.map((field) => field.label)).toEqual(['Reason']);
    expect(screen.queryByRole('button', { name: copy.approval.dragField('Reason') })).not.toBeInTheDocument();
    await addField('Budget code');
    expect(screen.getByRole('button', { name: copy.approval.dragField('Reason') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: copy.approval.dragField('Budget code') })).toBeInTheDocument();

    await panel.user.click(screen.getByRole('button', { name: copy.approval.deleteField('Reason') }));
    const dialog = await screen.findByRole('dialog', { name: copy.approval.deleteFieldTitle });
    await panel.user.click(within(dialog).getByRole('button', { name: copy.approval.cancel }));
    expect(panel.latest().input.fields.map((field) => field.label)).toEqual(['Reason', 'Budget code']);

    await panel.user.click(screen.getByRole('button', { name: copy.approval.deleteField('Reason') }));
    await panel.user.click(within(await screen.findByRole('dialog', { name: copy.approval.deleteFieldTitle })).getByRole('button', { name: copy.approval.deleteConfirm }));
    expect(panel.latest().input.fields.map((field) => field.label)).toEqual(['Budget code']);
    expect(screen.queryByRole('button', { name: copy.approval.dragField('Budget code') })).not.toBeInTheDocument();
  });

  it("offers 'Invite' for an address that is no member, and Enter opens the invite dialog with that address", async () => {
    await signUpUser();
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    try {
      const panel = renderPanel(withApprover());
      const input = screen.getByRole('textbox', { name: copy.approval.approversLabel });
      await panel.user.type(input, 'new.person@example.com');
      expect(await screen.findByTestId('approval-invite')).toHaveTextContent('new.person@example.com is not a member of your organization yet');
      expect(within(screen.getByTestId('approval-invite')).getByRole('link', { name: copy.approval.invite })).toHaveAttribute('href', paths.settings.getHref({ email: 'new.person@example.com' }));
      await act(async () => {
        await panel.user.keyboard('{Enter}');
      });
      expect(open).toHaveBeenCalledWith(paths.settings.getHref({ email: 'new.person@example.com' }), '_blank', 'noopener');
      expect(panel.latest().approvers.approvers).toEqual([{ email: 'ada@example.com' }]);
    } finally {
      open.mockRestore();
    }
  });
});
