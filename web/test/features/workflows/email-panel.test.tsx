/**
 * The email node's editor panel and its Preview action (src/features/workflows/nodes/email.tsx, inputs/email-blocks.tsx,
 * inputs/email-rich-text.tsx, components/email-preview-button.tsx; spec 001 §2, §5, §7, §8), as the canvas hosts it:
 * the panel edits the node's template through `onChange`, and Preview calls the real product, whose mail goes to the
 * tests' mailbox (`mailbox.ts`).
 */
import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFlow } from '@formloom/contracts/api/flows/flows';
import { getMe, verifyEmail } from '@formloom/contracts/api/workspaces-auth/auth';
import * as copy from '@formloom/contracts/copy';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import type { WorkflowTemplate } from '@formloom/contracts/entities/workflow';
import { emailNode, type EmailNodeTemplate } from '@formloom/contracts/workflows/nodes/email';
import { AppProvider } from '../../../src/app/provider';
import { emailNodeUi } from '../../../src/features/workflows/nodes/email';
import type { WorkflowEditorContext } from '../../../src/features/workflows/nodes/types';
import { callEndpoint } from '../../../src/lib/api-client';
import { createQueryClient } from '../../../src/lib/query-client';
import { confirmationLinkOf, messagesTo } from '../../mailbox';
import { signUpUser, uniqueEmail } from '../../render-app';

/** The example form with a file upload question. */
function form(): FlowTemplate {
  const template = exampleFormTemplate();
  const page = template.steps.s1;
  if (page?.type === 'form') page.template.widgets.push({ id: 'w4', name: 'CV', type: 'FileUpload', template: { label: 'Your CV', required: false } });
  return template;
}

/** A complete email template (the default one, to the form's Email question). */
function complete(): Record<string, unknown> {
  return { ...emailNode.defaultTemplate(), recipients: { type: 'picker', list: [{ email: { var: 'answers.w2' } }] } };
}

/** The email template without recipients: incomplete. */
function incomplete(): Record<string, unknown> {
  return { ...emailNode.defaultTemplate() };
}

interface HostProps {
  initial: Record<string, unknown>;
  /** The form's template; `null` for none (still loading); default {@link form}. */
  formTemplate?: FlowTemplate | null;
  flowPublicIdentifier?: string;
  readOnly?: boolean;
  /** Receives each template the panel hands over. */
  changes: unknown[];
}

/** The panel and its footer as the canvas hosts them: the node's template in state, its status from its contracts module. */
function Host({ initial, formTemplate = form(), flowPublicIdentifier = 'abc', readOnly = false, changes }: HostProps) {
  const [template, setTemplate] = useState<Record<string, unknown>>(initial);
  const node = { type: 'email' as const, template, nextNodeId: null };
  const workflow: WorkflowTemplate = { trigger: { type: 'formSubmission', template: { flowPublicIdentifier }, nextNodeId: 'n1' }, nodes: { n1: node } };
  const context: WorkflowEditorContext = { flowPublicIdentifier, formTemplate: formTemplate ?? undefined, template: workflow, currentUser: undefined };
  const props = {
    nodeId: 'n1',
    node,
    status: emailNodeUi.status(template),
    readOnly,
    context,
    onChange: (next: unknown) => {
      changes.push(next);
      setTemplate(next as Record<string, unknown>);
    },
  };
  const Footer = emailNodeUi.FooterActions!;
  return (
    <>
      <emailNodeUi.Panel {...props} />
      <Footer {...props} />
    </>
  );
}

/** Renders the panel (its module loads on demand) and waits for it; `last()` is the last template it handed over. */
async function renderPanel(props: Omit<HostProps, 'changes'>) {
  const changes: unknown[] = [];
  const user = userEvent.setup();
  render(
    <AppProvider queryClient={createQueryClient()} env="test">
      <Host {...props} changes={changes} />
    </AppProvider>,
  );
  await screen.findByTestId('email-panel');
  return { user, changes, last: () => changes.at(-1) as EmailNodeTemplate };
}

/** Block `index` of `template` as an object of its fields. */
const blockOf = (template: EmailNodeTemplate, index: number) => template.email.blocks[index] as Record<string, unknown> | undefined;

/** Signs a new user up and confirms their address through the mailed link (previews over SMTP need it). */
async function confirmedUser(): Promise<{ email: string; workspaceId: number }> {
  const email = uniqueEmail('preview');
  await signUpUser({ email });
  await waitFor(() => expect(messagesTo(email).length).toBeGreaterThan(0), { timeout: 15_000 });
  const token = confirmationLinkOf(messagesTo(email)[0]!).searchParams.get('token')!;
  await callEndpoint(verifyEmail, { body: { token } });
  return { email, workspaceId: (await callEndpoint(getMe, {})).workspaces[0]!.id };
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('the email panel', () => {
  it('opens on Recipients while the node is incomplete, saying what is missing', async () => {
    await renderPanel({ initial: incomplete() });
    expect(tab(copy.emailEditor.tabs.recipients)).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('combobox', { name: copy.emailEditor.recipients.addresses })).toBeInTheDocument();
    expect(screen.getByText(copy.workflows.recipientsRequired)).toBeInTheDocument();
  });

  it('opens on the Email tab of a complete node', async () => {
    await renderPanel({ initial: complete() });
    expect(tab(copy.emailEditor.tabs.email)).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('email-subject')).toHaveValue(copy.email.defaultSubject);
  });

  it('says which typed address is not one, and sends to the addresses and the Email question picked', async () => {
    const { user, last } = await renderPanel({ initial: incomplete() });
    const addresses = screen.getByRole('combobox', { name: copy.emailEditor.recipients.addresses });
    await user.type(addresses, 'nope{Enter}');
    expect(await screen.findByText(copy.workflows.invalidEmail('nope'))).toBeInTheDocument();
    await user.type(addresses, 'team@example.com, boss@example.com{Enter}');
    expect(last().recipients.list).toEqual([{ email: 'nope' }, { email: 'team@example.com' }, { email: 'boss@example.com' }]);

    await user.click(screen.getByRole('combobox', { name: copy.emailEditor.recipients.emailQuestions }));
    await user.click(await screen.findByRole('option', { name: 'Email' }));
    expect(last().recipients).toEqual({
      type: 'picker',
      list: [{ email: { var: 'answers.w2' } }, { email: 'nope' }, { email: 'team@example.com' }, { email: 'boss@example.com' }],
    });

    await user.click(screen.getByRole('switch', { name: copy.emailEditor.recipients.cc }));
    await user.type(await screen.findByRole('combobox', { name: copy.emailEditor.recipients.ccAddresses }), 'copy@example.com{Enter}');
    expect(last().email.cc).toEqual({ enabled: true, recipients: [{ email: 'copy@example.com' }] });
  });

  it('adds, reorders and deletes blocks, and edits a button', async () => {
    const { user, last } = await renderPanel({ initial: complete() });
    const types = () => screen.getAllByTestId('email-block').map((block) => block.dataset.blockType);
    expect(types()).toEqual(['text', 'submission_overview']);

    await user.click(screen.getByRole('button', { name: copy.emailEditor.email.addBlock }));
    await user.click(await screen.findByRole('menuitem', { name: copy.emailEditor.email.blockNames.button }));
    expect(types()).toEqual(['text', 'submission_overview', 'button']);
    expect(blockOf(last(), 2)).toEqual({ type: 'button', buttonText: copy.emailEditor.email.defaultButtonText, buttonType: 'edit_submission', alignment: 'left' });

    await user.click(screen.getByRole('button', { name: copy.emailEditor.email.moveUp('Button', 3) }));
    await user.click(screen.getByRole('button', { name: copy.emailEditor.email.moveUp('Button', 2) }));
    expect(types()).toEqual(['button', 'text', 'submission_overview']);
    expect(last().email.blocks.map((block) => block.type)).toEqual(['button', 'text', 'submission_overview']);
    expect(screen.getByRole('button', { name: copy.emailEditor.email.moveBlock('Button', 1) })).toBeInTheDocument();

    const button = screen.getAllByTestId('email-block')[0]!;
    await user.click(within(button).getByRole('combobox', { name: copy.emailEditor.email.buttonLink }));
    await user.click(await screen.findByRole('option', { name: copy.emailEditor.email.buttonTypes.url }));
    expect(await within(button).findByText(copy.emailEditor.rules.buttonUrlRequired)).toBeInTheDocument();
    await user.type(within(button).getByRole('textbox', { name: new RegExp(copy.emailEditor.email.buttonUrl) }), 'https://example.com/help');
    expect(blockOf(last(), 0)).toEqual(expect.objectContaining({ buttonType: 'url', url: 'https://example.com/help' }));

    await user.click(screen.getByRole('button', { name: copy.emailEditor.email.deleteBlock('Submission overview', 3) }));
    expect(types()).toEqual(['button', 'text']);
  });

  it('writes rich text with a heading and a variable chip, stored as {{answers.<id>}}', async () => {
    const { user, last } = await renderPanel({ initial: complete() });
    // The default body, a plain text, reads as its two paragraphs.
    const first = await within(screen.getAllByTestId('email-block')[0]!).findByRole('textbox', { name: copy.emailEditor.email.textLabel(1) });
    expect(first).toHaveTextContent(`${copy.email.defaultBodyGreeting},`);
    expect(first).toHaveTextContent(copy.email.defaultBodyLine);

    await user.click(screen.getByRole('button', { name: copy.emailEditor.email.addBlock }));
    await user.click(await screen.findByRole('menuitem', { name: copy.emailEditor.email.blockNames.text }));
    const block = screen.getAllByTestId('email-block')[2]!;
    const editable = await within(block).findByRole('textbox', { name: copy.emailEditor.email.textLabel(3) });
    await user.click(editable);
    await user.click(within(block).getByRole('button', { name: 'Heading 1' }));
    await user.keyboard('Dear ');
    await user.click(within(block).getByRole('button', { name: copy.emailEditor.email.insertVariable }));
    await user.click(await screen.findByRole('option', { name: 'Your name' }));
    expect(await within(block).findByTestId('variable-chip')).toHaveTextContent('Your name');
    await waitFor(() =>
      expect(blockOf(last(), 2)?.text).toEqual({
        type: 'doc',
        content: [{ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Dear ' }, { type: 'text', text: '{{answers.w1}}' }] }],
      }),
    );
  });

  it('attaches the files of the upload questions chosen', async () => {
    const { user, last } = await renderPanel({ initial: complete() });
    await user.click(screen.getByRole('combobox', { name: copy.emailEditor.email.attachments }));
    await user.click(await screen.findByRole('option', { name: 'Your CV' }));
    expect(last().email.attachments).toEqual([{ var: 'answers.w4' }]);
  });

  it('shows a read-only node without anything to edit', async () => {
    await renderPanel({ initial: complete(), readOnly: true });
    expect(screen.queryByRole('button', { name: copy.emailEditor.email.addBlock })).not.toBeInTheDocument();
    expect(screen.getByTestId('email-subject')).toHaveAttribute('readonly');
    expect(await screen.findByRole('textbox', { name: copy.emailEditor.email.textLabel(1) })).toHaveAttribute('contenteditable', 'false');
  });
});

describe('the Preview action', () => {
  it('needs the form template', async () => {
    const { user } = await renderPanel({ initial: complete(), formTemplate: null });
    await user.click(screen.getByRole('button', { name: copy.emailEditor.preview }));
    expect(await screen.findByText(copy.emailEditor.flowTemplateUnavailable)).toBeInTheDocument();
    expect(screen.getByText(copy.emailEditor.previewNeedsFlowTemplate)).toBeInTheDocument();
  });

  it('sends the preview to the signed-in user and says so', async () => {
    const { email, workspaceId } = await confirmedUser();
    const { flow } = await callEndpoint(createFlow, { body: { name: 'Contact', type: 'form', workspaceId, flowTemplate: form() } });
    const { user } = await renderPanel({ initial: complete(), flowPublicIdentifier: flow.publicIdentifier });
    await user.click(screen.getByRole('button', { name: copy.emailEditor.preview }));
    expect(await screen.findByText(copy.emailEditor.previewSent(email))).toBeInTheDocument();
    await waitFor(() => expect(messagesTo(email).some((message) => message.data.includes(copy.email.defaultSubject))).toBe(true));
  });

  it('says what to fix when the email is misconfigured', async () => {
    const { workspaceId } = await confirmedUser();
    const { flow } = await callEndpoint(createFlow, { body: { name: 'Contact', type: 'form', workspaceId, flowTemplate: form() } });
    const broken = complete();
    (broken.email as Record<string, unknown>).subject = '';
    const { user } = await renderPanel({ initial: broken, flowPublicIdentifier: flow.publicIdentifier });
    await user.click(screen.getByRole('button', { name: copy.emailEditor.preview }));
    expect(await screen.findByText(copy.emailEditor.previewMisconfigured)).toBeInTheDocument();
    expect(screen.getByText(copy.emailEditor.previewPleaseFix([copy.workflows.subjectRequired]))).toBeInTheDocument();
  });
});
