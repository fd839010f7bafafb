/**
 * The approval node module (spec 001 §3 template, §4 setup status and "Approval states", §9 constants): its rules and
 * status line, the palette and the naming of new states, renaming with the duplicate check, its edges as the graph
 * rules and the variable picker see them, the approver's links, and the gallery's approval workflows.
 */
import * as copy from '../src/copy';
import { WorkflowTemplate } from '../src/entities/workflow';
import {
  APPROVAL_APPROVERS_MAX,
  APPROVAL_COMPLETION_COUNT,
  APPROVAL_FIELD_DRAG_ACTIVATION_PX,
  APPROVAL_PALETTE_SIZE,
} from '../src/limits';
import { approvalLinkOf, readApprovalLink } from '../src/rules/approval-links';
import { connectionRefusal, loopErrors, nodeEdges, unknownNodeErrors } from '../src/rules/workflow-graph';
import { nodeRegistry } from '../src/workflows/nodes/registry';
import type {
  ApprovalNodeTemplate} from '../src/workflows/nodes/approval';
import {
  addApprovalState,
  APPROVAL_PALETTE,
  APPROVAL_STATE_TEXT_COLOR,
  approvalNode,
  canDeleteApprovalState,
  deleteApprovalState,
  fieldsForState,
  nextStateColor,
  renameApprovalState,
  uniqueStateName,
} from '../src/workflows/nodes/approval';
import { approveOrRejectTemplate, assignTaskTemplate } from '../src/workflows/gallery/approvals';
import { templatePublishErrors } from '../src/workflows/publish-checks';
import { workflowVariables } from '../src/workflows/variables';

const ADA = { userId: 7, email: 'ada@example.com' };

/** A complete approval template with the given changes. */
function approval(changes: Partial<ApprovalNodeTemplate> = {}): ApprovalNodeTemplate {
  const fresh = approvalNode.defaultTemplate();
  return {
    ...fresh,
    states: [
      { id: 'yes', name: 'Approved', color: APPROVAL_PALETTE[0], nextNodeId: null },
      { id: 'no', name: 'Rejected', color: APPROVAL_PALETTE[1], nextNodeId: null },
    ],
    approvers: { type: 'users', approvers: [ADA], slackServiceId: null },
    ...changes,
  };
}

/** WCAG 2 contrast ratio of two `#RRGGBB` colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((at) => {
      const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('the approval node module', () => {
  it('is registered, starts Approved / Rejected over email with the spec completion rule, and needs an approver', () => {
    expect(nodeRegistry.find('approval')).toBe(approvalNode);
    const fresh = approvalNode.defaultTemplate();
    expect(approvalNode.schema.safeParse(fresh).success).toBe(true);
    expect(fresh.states.map((state) => [state.name, state.color, state.nextNodeId])).toEqual([
      ['Approved', APPROVAL_PALETTE[0], null],
      ['Rejected', APPROVAL_PALETTE[1], null],
    ]);
    expect(fresh.sendOver).toBe('email');
    expect(fresh.completionRule).toEqual({ type: 'atleast_one', count: 1 });
    expect(fresh.email.blocks.map((block) => block.type)).toEqual(['text', 'submission_overview', 'approval_buttons']);
    expect(approvalNode.status(fresh)).toEqual({ complete: false, description: 'Setup needed: Set approvers' });
    expect(approvalNode.defaultTemplate().states[0]!.id).not.toBe(fresh.states[0]!.id);
  });

  it('describes a complete node by its approver count and state names', () => {
    expect(approvalNode.status(approval())).toEqual({ complete: true, description: '1 approver · Approved, Rejected' });
    const two = approval({ approvers: { type: 'users', approvers: [ADA, { userId: 8, email: 'bob@example.com' }], slackServiceId: null } });
    expect(approvalNode.status(two).description).toBe('2 approvers · Approved, Rejected');
  });

  it('names the missing piece in the spec order: approvers, Slack account, Slack channel', () => {
    const noOne = approval({ sendOver: 'slack_channel', approvers: { type: 'users', approvers: [], slackServiceId: null } });
    expect(approvalNode.rules(noOne).map((error) => error.message).slice(0, 3)).toEqual([
      copy.approval.setApprovers,
      copy.approval.connectSlack,
      copy.approval.pickSlackChannel,
    ]);
    expect(approvalNode.status(approval({ sendOver: 'slack_dm' })).description).toBe('Setup needed: Connect Slack');
    const connected = { type: 'users' as const, approvers: [ADA], slackServiceId: 'svc1' };
    expect(approvalNode.status(approval({ sendOver: 'slack_dm', approvers: connected })).complete).toBe(true);
    expect(approvalNode.status(approval({ sendOver: 'slack_channel', approvers: connected })).description).toBe('Setup needed: Pick a Slack channel');
    const withChannel = approval({
      sendOver: 'slack_channel',
      approvers: connected,
      slack: { message: '', messageType: 'custom_message', includeAllFields: true, channel: '#approvals', channelId: 'C1' },
    });
    expect(approvalNode.status(withChannel).complete).toBe(true);
  });

  it('takes many approvers over email but exactly one over a Slack direct message; each address must be valid', () => {
    const many = { type: 'users' as const, approvers: [ADA, { userId: 8, email: 'bob@example.com' }], slackServiceId: 'svc1' };
    expect(approvalNode.rules(approval({ approvers: many }))).toEqual([]);
    expect(approvalNode.rules(approval({ sendOver: 'slack_dm', approvers: many }))).toEqual([
      { path: 'approvers.approvers', message: copy.approval.slackDmOneApprover },
    ]);
    const bad = { type: 'users' as const, approvers: [{ userId: 9, email: 'nope' }], slackServiceId: null };
    expect(approvalNode.publishErrors({ nextNodeId: null, template: approval({ approvers: bad }) })).toEqual([
      { path: 'template.approvers.approvers.0.email', message: 'Invalid email: nope' },
    ]);
    const tooMany = Array.from({ length: APPROVAL_APPROVERS_MAX + 1 }, (_, index) => ({ email: `a${index}@example.com` }));
    expect(approvalNode.schema.safeParse(approval({ approvers: { type: 'users', approvers: tooMany, slackServiceId: null } })).success).toBe(false);
  });

  it('needs at least one state, each named once', () => {
    expect(approvalNode.rules(approval({ states: [] }))).toEqual([{ path: 'states', message: copy.approval.oneOptionRequired }]);
    const states = [
      { id: 'a', name: 'Yes', color: APPROVAL_PALETTE[0], nextNodeId: null },
      { id: 'b', name: ' yes ', color: APPROVAL_PALETTE[1], nextNodeId: null },
      { id: 'c', name: '  ', color: APPROVAL_PALETTE[2], nextNodeId: null },
    ];
    expect(approvalNode.rules(approval({ states }))).toEqual([
      { path: 'states.1.name', message: 'An option with this name already exists' },
      { path: 'states.2.name', message: copy.approval.optionNameRequired },
    ]);
  });

  it('checks input fields: a label, the chosen states when shown for some, options for a choice', () => {
    const fields = [
      { customFieldId: 'f1', label: '', required: false, showForStates: { type: 'all' as const, customStateIds: [] }, type: 'ShortAnswer' as const },
      { customFieldId: 'f2', label: 'Why', required: true, showForStates: { type: 'custom' as const, customStateIds: [] }, type: 'LongAnswer' as const },
      { customFieldId: 'f3', label: 'Tier', required: false, showForStates: { type: 'all' as const, customStateIds: [] }, type: 'Dropdown' as const },
    ];
    expect(approvalNode.rules(approval({ input: { fields } }))).toEqual([
      { path: 'input.fields.0.label', message: copy.approval.fieldLabelRequired },
      { path: 'input.fields.1.showForStates', message: copy.approval.fieldStatesRequired },
      { path: 'input.fields.2.options', message: copy.customColumns.optionsRequired },
    ]);
  });

  it('shows each input field for all states or the chosen ones', () => {
    const fields = [
      { id: 'all', showForStates: { type: 'all', customStateIds: [] } },
      { id: 'no-only', showForStates: { type: 'custom', customStateIds: ['no'] } },
      { id: 'unset' },
    ];
    expect(fieldsForState(fields, 'yes').map((field) => field.id)).toEqual(['all', 'unset']);
    expect(fieldsForState(fields, 'no').map((field) => field.id)).toEqual(['all', 'no-only', 'unset']);
  });

  it('never throws on half-filled drafts', () => {
    for (const draft of [undefined, null, 7, 'x', [], {}, { states: 'x', approvers: [], input: { fields: [null, 3] } }]) {
      expect(() => approvalNode.status(draft)).not.toThrow();
      expect(() => approvalNode.edges({ nextNodeId: null, template: draft })).not.toThrow();
      expect(() => approvalNode.outputs(draft)).not.toThrow();
    }
  });
});

describe('approval states (spec 001 §4, §9)', () => {
  it('has a palette of 9 distinct pastel shades on which the state text passes WCAG AA', () => {
    expect(APPROVAL_PALETTE).toHaveLength(APPROVAL_PALETTE_SIZE);
    expect(APPROVAL_PALETTE_SIZE).toBe(9);
    expect(new Set(APPROVAL_PALETTE.map((color) => color.toUpperCase())).size).toBe(9);
    for (const color of APPROVAL_PALETTE) {
      expect(contrast(color, APPROVAL_STATE_TEXT_COLOR)).toBeGreaterThanOrEqual(4.5);
      // Pastel: light (WCAG relative luminance well above mid-grey's 0.2).
      expect(contrast(color, '#000000')).toBeGreaterThan(12);
    }
  });

  it("adds 'New option', made unique, with the next unused colour", () => {
    let template: unknown = approval();
    template = addApprovalState(template, 's3');
    template = addApprovalState(template, 's4');
    const states = (template as ApprovalNodeTemplate).states;
    expect(states.slice(2)).toEqual([
      { id: 's3', name: 'New option', color: APPROVAL_PALETTE[2], nextNodeId: null },
      { id: 's4', name: 'New option (2)', color: APPROVAL_PALETTE[3], nextNodeId: null },
    ]);
    // A freed colour is taken again first.
    const freed = deleteApprovalState(template, 'no');
    expect((addApprovalState(freed, 's5') as ApprovalNodeTemplate).states.at(-1)).toMatchObject({ name: 'New option (3)', color: APPROVAL_PALETTE[1] });
    expect(uniqueStateName('New option', ['new option', 'New option (2)', 'new OPTION (3)'])).toBe('New option (4)');
    expect(uniqueStateName('Review (2)', ['Review (2)'])).toBe('Review (3)');
  });

  it('cycles through the palette once all 9 shades are taken', () => {
    const nine = APPROVAL_PALETTE.map((color) => ({ color }));
    expect(nextStateColor(nine)).toBe(APPROVAL_PALETTE[0]);
    expect(nextStateColor([...nine, { color: APPROVAL_PALETTE[0] }])).toBe(APPROVAL_PALETTE[1]);
    expect(nextStateColor([{ color: APPROVAL_PALETTE[0].toLowerCase() }])).toBe(APPROVAL_PALETTE[1]);
  });

  it("renames, and on a duplicate says 'An option with this name already exists' and uses a unique name", () => {
    const renamed = renameApprovalState(approval(), 'no', 'Declined');
    expect(renamed.error).toBeUndefined();
    expect((renamed.template as ApprovalNodeTemplate).states.map((state) => state.name)).toEqual(['Approved', 'Declined']);
    const duplicate = renameApprovalState(approval(), 'no', ' approved ');
    expect(duplicate.error).toBe('An option with this name already exists');
    expect((duplicate.template as ApprovalNodeTemplate).states.map((state) => state.name)).toEqual(['Approved', 'approved (2)']);
    // Its own name is no duplicate; a blank name keeps the current one.
    expect(renameApprovalState(approval(), 'no', 'REJECTED').error).toBeUndefined();
    expect((renameApprovalState(approval(), 'no', '  ').template as ApprovalNodeTemplate).states[1]!.name).toBe('Rejected');
  });

  it('keeps at least one state, and drops a deleted state from the fields shown for it', () => {
    const field = { customFieldId: 'f1', label: 'Why', required: true, showForStates: { type: 'custom' as const, customStateIds: ['no', 'yes'] }, type: 'LongAnswer' as const };
    const template = approval({ input: { fields: [field] } });
    expect(canDeleteApprovalState(template)).toBe(true);
    const one = deleteApprovalState(template, 'no') as ApprovalNodeTemplate;
    expect(one.states.map((state) => state.id)).toEqual(['yes']);
    expect(one.input.fields[0]!.showForStates.customStateIds).toEqual(['yes']);
    expect(canDeleteApprovalState(one)).toBe(false);
    expect(deleteApprovalState(one, 'yes')).toBe(one);
  });

  it('keeps the spec numbers', () => {
    expect(APPROVAL_COMPLETION_COUNT).toBe(1);
    expect(APPROVAL_FIELD_DRAG_ACTIVATION_PX).toBe(10);
  });
});

describe('approval edges (spec 001 §2, §4)', () => {
  const graph = (states: Array<{ id: string; next: string | null }>, others: Record<string, unknown> = {}) =>
    WorkflowTemplate.parse({
      trigger: { type: 'formSubmission', template: { flowPublicIdentifier: 'abc' }, nextNodeId: 'a1' },
      nodes: {
        a1: {
          type: 'approval',
          nextNodeId: null,
          template: approval({ states: states.map((state, index) => ({ id: state.id, name: state.id, color: APPROVAL_PALETTE[index]!, nextNodeId: state.next })) }),
        },
        ...others,
      },
    });
  const email = { type: 'email', nextNodeId: null, template: {} };

  it('has one edge per state, labelled by the state id, in state order', () => {
    const template = graph([{ id: 'yes', next: 'e1' }, { id: 'no', next: null }], { e1: email });
    expect(nodeEdges(template.nodes.a1!)).toEqual([
      { path: 'template.states.0.nextNodeId', target: 'e1', label: 'yes' },
      { path: 'template.states.1.nextNodeId', target: null, label: 'no' },
    ]);
  });

  it('is seen by the graph rules: unknown targets, loops and the connection check', () => {
    expect(unknownNodeErrors(graph([{ id: 'yes', next: 'ghost' }]))).toEqual([
      { path: 'nodes.a1.template.states.0.nextNodeId', message: copy.workflows.unknownNode('ghost') },
    ]);
    const looping = graph([{ id: 'yes', next: 'e1' }], { e1: { ...email, nextNodeId: 'a1' } });
    expect(loopErrors(looping).map((error) => error.path)).toEqual(['nodes.a1.template.states.0.nextNodeId', 'nodes.e1.nextNodeId']);
    const linear = graph([{ id: 'yes', next: 'e1' }], { e1: email });
    expect(connectionRefusal(linear, { kind: 'node', nodeId: 'e1' }, { kind: 'node', nodeId: 'a1' })).toBe('loop');
    expect(templatePublishErrors(graph([{ id: 'yes', next: 'e1' }], {
      e1: { type: 'email', nextNodeId: null, template: { email: { subject: 'Hi', from: { type: 'formloom_notifications' }, blocks: [] }, recipients: { type: 'string', list: [{ email: 'x@example.com' }] } } },
    }))).toEqual([]);
  });

  it("offers later nodes the decision, who decided and each input field's value", () => {
    const field = { customFieldId: 'notes', label: 'Notes', required: false, showForStates: { type: 'all' as const, customStateIds: [] }, type: 'LongAnswer' as const };
    const template = WorkflowTemplate.parse({
      trigger: { type: 'formSubmission', template: { flowPublicIdentifier: 'abc' }, nextNodeId: 'a1' },
      nodes: {
        a1: { type: 'approval', nextNodeId: null, template: approval({ states: [{ id: 'yes', name: 'Yes', color: APPROVAL_PALETTE[0], nextNodeId: 'e1' }], input: { fields: [field] } }) },
        e1: email,
      },
    });
    const groups = workflowVariables({ template, nodeId: 'e1' });
    expect(groups.at(-1)).toEqual({
      key: 'nodes.a1',
      label: 'approval (a1)',
      variables: [
        { path: 'nodes.a1.state', label: 'Decision' },
        { path: 'nodes.a1.stateId', label: 'Decision id' },
        { path: 'nodes.a1.decidedBy', label: 'Decided by' },
        { path: 'nodes.a1.decidedAt', label: 'Decided at' },
        { path: 'nodes.a1.fields.notes', label: 'Notes' },
      ],
    });
  });
});

describe('approval links', () => {
  it('carry the token and the chosen state in the fragment of /approve, and read back', () => {
    const link = approvalLinkOf('https://formloom.example.com/', 'abc.def-ghi_jkl.012345678901', 'yes');
    expect(link).toBe('https://formloom.example.com/approve#token=abc.def-ghi_jkl.012345678901&state=yes');
    expect(readApprovalLink(new URL(link).hash)).toEqual({ token: 'abc.def-ghi_jkl.012345678901', stateId: 'yes' });
    expect(readApprovalLink('token=abc.def-ghi_jkl.012345678901')).toEqual({ token: 'abc.def-ghi_jkl.012345678901', stateId: null });
    expect(readApprovalLink('#state=yes')).toBeNull();
    expect(readApprovalLink('#token=<script>')).toBeNull();
  });
});

describe('the gallery approval workflows', () => {
  const approver = { userId: 3, email: 'owner@example.com' };

  it('approve_or_reject: the caller approves, each state emails the respondent', () => {
    const template = WorkflowTemplate.parse(approveOrRejectTemplate({ flowPublicIdentifier: 'abc', emailWidgetId: 'w2', approver }));
    expect(templatePublishErrors(template)).toEqual([]);
    const first = template.nodes[template.trigger.nextNodeId!]!;
    expect(first.type).toBe('approval');
    const states = (first.template as ApprovalNodeTemplate).states;
    expect(states.map((state) => state.name)).toEqual(['Approved', 'Rejected']);
    expect((first.template as ApprovalNodeTemplate).approvers.approvers).toEqual([approver]);
    const subjects = states.map((state) => (template.nodes[state.nextNodeId!]!.template as { email: { subject: string } }).email.subject);
    expect(subjects).toEqual(['Your submission was approved', 'Your submission was not approved']);
    expect(template.nodes[states[0]!.nextNodeId!]!.template).toMatchObject({ recipients: { type: 'picker', list: [{ email: { var: 'answers.w2' } }] } });
  });

  it('approve_or_reject without an email question: the approval alone', () => {
    const template = WorkflowTemplate.parse(approveOrRejectTemplate({ flowPublicIdentifier: 'abc', emailWidgetId: null, approver }));
    expect(Object.values(template.nodes).map((node) => node.type)).toEqual(['approval']);
    expect(templatePublishErrors(template)).toEqual([]);
  });

  it('assign_task: one Done state and an optional Notes field', () => {
    const template = WorkflowTemplate.parse(assignTaskTemplate({ flowPublicIdentifier: 'abc', approver }));
    expect(templatePublishErrors(template)).toEqual([]);
    const node = Object.values(template.nodes)[0]!.template as ApprovalNodeTemplate;
    expect(node.states.map((state) => state.name)).toEqual(['Done']);
    expect(node.input.fields).toEqual([expect.objectContaining({ label: 'Notes', type: 'LongAnswer', required: false })]);
    expect(approvalNode.status(node)).toEqual({ complete: true, description: '1 approver · Done' });
  });
});

describe('approval copy quoted by the spec', () => {
  it.each<[string, string]>([
    [copy.approval.newOption, 'New option'],
    [copy.approval.duplicateOption, 'An option with this name already exists'],
    [copy.approval.invite, 'Invite'],
    [copy.approval.done, 'Done'],
    [copy.approval.feedback, 'Feedback?'],
    [copy.approval.badge, 'Beta'],
    [copy.approval.alreadyDecided('Approved', 'ada@example.com'), 'Already decided: Approved by ada@example.com'],
  ])('%j', (actual, expected) => expect(actual).toBe(expected));
});
