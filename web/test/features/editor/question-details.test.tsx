/**
 * A question's description, default answer and hide switch on the editor's question card
 * (src/features/editor/components/description/, question-default.tsx), against the real API: what a form builder
 * writes and picks there is what the editor saves — a rich text description (bold, a link), a fixed default checked
 * as saving checks it, a default from a hidden field, a hidden question that is not required — and the form's undo
 * and redo reach the description.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { createFlow, fetchFlow } from '@formloom/contracts/api/flows/flows';
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate, Widget } from '@formloom/contracts/entities/flow-template';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { renderApp, signUpUser, type RenderedApp } from '../../render-app';

const QUESTIONS: Widget[] = [
  { id: 'name', name: 'Name', type: 'ShortAnswer', template: { label: 'Your name', required: true } },
  { id: 'plan', name: 'Plan', type: 'MultipleChoice', template: { label: 'Plan', required: true, options: [{ id: 'free', label: 'Free' }, { id: 'pro', label: 'Pro' }] } },
  { id: 'email', name: 'Email', type: 'EmailInput', template: { label: 'Email', required: false } },
];

function form(): FlowTemplate {
  return {
    firstStep: 'p',
    urlParams: [{ id: 'plan_field', name: 'plan' }],
    steps: {
      p: { id: 'p', name: 'Page 1', type: 'form', template: { widgets: QUESTIONS }, nextStep: { defaultNextStep: 'end' } },
      end: { id: 'end', name: 'Thank you', type: 'ending', template: { title: 'Thanks!', body: '' }, nextStep: null },
    },
  };
}

async function openEditor(): Promise<RenderedApp & { publicIdentifier: string }> {
  await signUpUser();
  const workspaceId = (await callEndpoint(getMe, {})).workspaces[0]!.id;
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Details', type: 'form', workspaceId, flowTemplate: form() } });
  const app = renderApp(paths.editor.getHref(flow.publicIdentifier, 'edit'));
  await screen.findAllByTestId('question-card');
  return { ...app, publicIdentifier: flow.publicIdentifier };
}

/** The saved draft's question `id`. */
async function savedQuestion(publicIdentifier: string, id: string): Promise<Widget | undefined> {
  const page = (await callEndpoint(fetchFlow, { params: { publicIdentifier } })).flowSnapshot.template.steps.p;
  return page?.type === 'form' ? page.template.widgets.find((widget) => widget.id === id) : undefined;
}

const card = (id: string) => screen.getAllByTestId('question-card').find((element) => element.dataset.widgetId === id) as HTMLElement;

it('writes a description with bold text and pasted links, saves it as rich text, and the form’s undo and redo reach it', async () => {
  const app = await openEditor();
  await app.user.click(within(card('name')).getByTestId('add-description'));
  const editable = await within(card('name')).findByRole('textbox', { name: copy.questions.description });
  await waitFor(() => expect(editable).toHaveFocus());
  await app.user.keyboard('As on your ');
  await app.user.click(within(card('name')).getByRole('button', { name: 'Bold' }));
  await app.user.keyboard('passport');
  await app.user.click(within(card('name')).getByRole('button', { name: 'Bold' }));
  await app.user.keyboard(', see ');
  // Pasted links keep their address (https:// added when it was left out); a javascript: one is no link.
  const html = '<a href="example.com/help" target="_self" class="x">help</a> or <a href="javascript:alert(1)">this</a>';
  fireEvent.paste(editable, { clipboardData: { types: ['text/html', 'text/plain'], getData: (type: string) => (type === 'text/html' ? html : 'help or this') } });

  await waitFor(
    async () =>
      expect((await savedQuestion(app.publicIdentifier, 'name'))?.template.description).toEqual({
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'As on your ' },
              { type: 'text', text: 'passport', marks: [{ type: 'bold' }] },
              { type: 'text', text: ', see ' },
              { type: 'text', text: 'help', marks: [{ type: 'link', attrs: { href: 'https://example.com/help' } }] },
              { type: 'text', text: ' or this' },
            ],
          },
        ],
      }),
    { timeout: 10_000 },
  );

  // The form's undo and redo (outside the text) change the description in the editor too.
  const text = () => within(card('name')).getByRole('textbox', { name: copy.questions.description });
  await app.user.click(screen.getByTestId('undo'));
  await waitFor(() => expect(text()).not.toHaveTextContent('help'));
  await app.user.click(screen.getByTestId('redo'));
  await waitFor(() => expect(text()).toHaveTextContent('As on your passport, see help or this'));
});

it('picks a fixed default, points out one saving would refuse, and prefills from a hidden field', async () => {
  const app = await openEditor();
  const email = card('email');
  await app.user.selectOptions(within(email).getByRole('combobox', { name: copy.questions.defaultValue }), copy.questions.defaultFixed);
  const answer = within(email).getByRole('textbox', { name: copy.questions.defaultAnswer });
  await app.user.type(answer, 'not-an-email');
  expect(answer).toHaveAccessibleDescription(copy.answers.invalidEmail);
  await app.user.clear(answer);
  await app.user.type(answer, 'team@example.com');
  expect(answer).not.toHaveAccessibleDescription(copy.answers.invalidEmail);

  const plan = card('plan');
  await app.user.selectOptions(within(plan).getByRole('combobox', { name: copy.questions.defaultValue }), copy.questions.defaultFromUrlParam);
  expect(within(plan).getByRole('combobox', { name: copy.questions.defaultUrlParam })).toHaveDisplayValue('plan');
  expect(within(plan).getByText(copy.questions.defaultUrlParamHint('plan'))).toBeInTheDocument();

  await waitFor(
    async () => {
      expect((await savedQuestion(app.publicIdentifier, 'email'))?.template.defaultValue).toEqual({ kind: 'fixed', value: 'team@example.com' });
      expect((await savedQuestion(app.publicIdentifier, 'plan'))?.template.defaultValue).toEqual({ kind: 'urlParam', urlParamId: 'plan_field' });
    },
    { timeout: 10_000 },
  );
});

it('hides a question: Required turns off and stays off, the card says Hidden, and the editor saves it', async () => {
  const app = await openEditor();
  const plan = card('plan');
  const required = within(plan).getByRole('switch', { name: 'Required' });
  expect(required).toBeChecked();
  await app.user.click(within(plan).getByRole('switch', { name: copy.questions.hide }));
  expect(required).not.toBeChecked();
  expect(required).toBeDisabled();
  expect(required).toHaveAccessibleDescription(copy.questions.hiddenHint);
  expect(within(plan).getByRole('switch', { name: copy.questions.hide })).toHaveAccessibleDescription(copy.questions.hiddenHint);
  expect(within(plan).getByTestId('question-hidden-badge')).toHaveTextContent(copy.questions.hiddenBadge);
  await waitFor(async () => expect((await savedQuestion(app.publicIdentifier, 'plan'))?.template).toMatchObject({ hidden: true, required: false }), { timeout: 10_000 });

  await app.user.click(within(plan).getByRole('switch', { name: copy.questions.hide }));
  expect(within(plan).queryByTestId('question-hidden-badge')).toBeNull();
  expect(required).toBeEnabled();
});
