import * as copy from '../src/copy';
import { literalAddresses, nodeSetupStatus, triggerSetupStatus } from '../src/rules/workflow-status';
import { setupNeeded } from '../src/workflows/define';
import { emailNode as emailNodeDefinition, emailNodeErrors } from '../src/workflows/nodes/email';

/** The email node's status line, through its module. */
const emailNodeStatus = (template: unknown) => emailNodeDefinition.status(template);

/** An email node template as the editor may hold it (anything may be missing). */
interface Draft {
  email: { subject: string; from?: Record<string, unknown>; blocks: unknown[]; cc?: unknown; bcc?: unknown };
  recipients: { type: string; list: Array<{ email: unknown }> };
}

/** A complete email node template; `change` edits a copy. */
function emailNode(change: (template: Draft) => void = () => undefined): unknown {
  const template: Draft = {
    email: { subject: 'Thank you for your submission', from: { type: 'formloom_notifications' }, blocks: [] },
    recipients: { type: 'string', list: [{ email: 'ada@example.com' }] },
  };
  change(template);
  return template;
}

describe('emailNodeErrors (spec 001 §5)', () => {
  it('accepts a complete node, literal or {var} recipients', () => {
    expect(emailNodeErrors(emailNode())).toEqual([]);
    expect(emailNodeErrors(emailNode((t) => (t.recipients = { type: 'picker', list: [{ email: { var: 'answers.w2' } }] })))).toEqual([]);
    expect(emailNodeErrors(emailNode((t) => (t.recipients.list = [{ email: ' a@example.com, b@example.org ' }])))).toEqual([]);
  });

  it("gives 'Invalid email: {value}' for each bad literal address", () => {
    expect(emailNodeErrors(emailNode((t) => (t.recipients.list = [{ email: 'ada@example.com' }, { email: 'nope' }, { email: 'x@y.com, bad@' }])))).toEqual([
      { path: 'recipients.list.1.email', message: 'Invalid email: nope' },
      { path: 'recipients.list.2.email', message: 'Invalid email: bad@' },
    ]);
    expect(copy.workflows.invalidEmail('nope')).toBe('Invalid email: nope');
  });

  it("requires a subject, a sender ('Choose Send email from') and recipients, in that order", () => {
    const errors = emailNodeErrors(emailNode((t) => {
      t.email.subject = ' ';
      t.email.from = {};
      t.recipients.list = [{ email: '' }, { email: null }];
    }));
    expect(errors).toEqual([
      { path: 'email.subject', message: copy.workflows.subjectRequired },
      { path: 'email.from', message: 'Choose Send email from' },
      { path: 'recipients.list', message: copy.workflows.recipientsRequired },
    ]);
    expect(emailNodeErrors(undefined).map((error) => error.path)).toEqual(['email.subject', 'email.from', 'recipients.list']);
  });

  it('checks cc and bcc only when enabled', () => {
    const bad = [{ email: 'nope' }];
    expect(emailNodeErrors(emailNode((t) => (t.email.cc = { enabled: false, recipients: bad })))).toEqual([]);
    expect(emailNodeErrors(emailNode((t) => (t.email.bcc = { enabled: true, recipients: bad })))).toEqual([
      { path: 'email.bcc.recipients.0.email', message: 'Invalid email: nope' },
    ]);
  });
});

describe('setup status (spec 001 §4)', () => {
  it('shows the subject of a complete email node', () => {
    expect(emailNodeStatus(emailNode())).toEqual({ complete: true, description: 'Thank you for your submission' });
    expect(nodeSetupStatus({ type: 'email', template: emailNode() })?.complete).toBe(true);
  });

  it("prefixes the first missing piece of an incomplete email node with 'Setup needed: '", () => {
    expect(emailNodeStatus(emailNode((t) => delete t.email.from))).toEqual({
      complete: false,
      description: 'Setup needed: Choose Send email from',
    });
    expect(setupNeeded('x')).toBe('Setup needed: x');
  });

  it('treats formSubmission as always complete, asks the other triggers their rules; unknown types are not covered', () => {
    expect(triggerSetupStatus({ type: 'formSubmission', template: {} })).toEqual({ complete: true, description: copy.workflows.formSubmittedDescription });
    expect(triggerSetupStatus({ type: 'formAbandoned', template: {} })).toEqual({ complete: false, description: 'Setup needed: Choose a form for this trigger' });
    expect(nodeSetupStatus({ type: 'notAType', template: {} })).toBeNull();
    expect(nodeSetupStatus({ type: 'toString', template: {} })).toBeNull();
  });

  it('gives the same line for a node through the registry as through its module', () => {
    const incomplete = emailNode((t) => (t.recipients.list = []));
    expect(nodeSetupStatus({ type: 'email', template: incomplete })).toEqual({
      complete: false,
      description: `Setup needed: ${copy.workflows.recipientsRequired}`,
    });
    expect(nodeSetupStatus({ type: 'email', template: incomplete })).toEqual(emailNodeStatus(incomplete));
  });
});

describe('literalAddresses', () => {
  it('splits on commas, trims and drops empty parts; numbers and booleans become text', () => {
    expect(literalAddresses(' a@example.com, ,b@example.org ')).toEqual(['a@example.com', 'b@example.org']);
    expect(literalAddresses(null)).toEqual([]);
    expect(literalAddresses(42)).toEqual(['42']);
    expect(literalAddresses({ var: 'answers.w2' })).toEqual([]);
  });
});
