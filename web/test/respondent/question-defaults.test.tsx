/**
 * Descriptions, default answers, URL prefill and hidden questions on the public form (src/respondent, contracts
 * `rules/defaults.ts` and `rules/rich-text.ts`) against the real API: a question's description shows under its label
 * as text (links safe, answers piped) and describes its control; a default shows filled in and can be changed; the
 * link's hidden fields prefill questions (a value a question would refuse is ignored); a hidden question is not shown
 * and its answer is stored. The bot challenge's browser script is the network edge and is stubbed, as in
 * `public-form.test.tsx`.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { listSubmissions } from '@formloom/contracts/api/flows/submissions';
import type { FlowTemplate, Widget } from '@formloom/contracts/entities/flow-template';
import type { RichText } from '@formloom/contracts/rules/rich-text';
import { PublicFormPage } from '../../src/respondent/public-form';
import { RichTextView } from '../../src/respondent/rich-text';
import { callEndpoint } from '../../src/lib/api-client';
import { installPassingChallenge, removePassingChallenge } from '../challenge-provider';
import { signUpUser } from '../render-app';

/** "Hi {{urlParams.ref}}, read our **terms** before <b>signing</b>." with a link, and a list. */
const NAME_DESCRIPTION: RichText = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Hi {{urlParams.ref}}, read our ' },
        { type: 'text', text: 'terms', marks: [{ type: 'bold' }, { type: 'link', attrs: { href: 'https://example.com/terms' } }] },
        { type: 'text', text: ' before <b>signing</b>.' },
      ],
    },
    { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'As on your passport', marks: [{ type: 'italic' }] }] }] }] },
  ],
};

const QUESTIONS: Widget[] = [
  { id: 'name', name: 'Name', type: 'ShortAnswer', template: { label: 'Your name', required: true, description: NAME_DESCRIPTION } },
  { id: 'email', name: 'Email', type: 'EmailInput', template: { label: 'Email', required: true, defaultValue: { kind: 'fixed', value: 'team@example.com' } } },
  {
    id: 'plan',
    name: 'Plan',
    type: 'MultipleChoice',
    template: { label: 'Plan', required: false, options: [{ id: 'free', label: 'Free' }, { id: 'pro', label: 'Pro' }], defaultValue: { kind: 'urlParam', urlParamId: 'plan_field' } },
  },
  { id: 'stars', name: 'Stars', type: 'StarRating', template: { label: 'Rating', required: false, defaultValue: { kind: 'urlParam', urlParamId: 'stars_field' } } },
  { id: 'source', name: 'Source', type: 'ShortAnswer', template: { label: 'Source', required: false, hidden: true, defaultValue: { kind: 'urlParam', urlParamId: 'utm_field' } } },
  { id: 'team', name: 'Team', type: 'ShortAnswer', template: { label: 'Team', required: false, hidden: true, defaultValue: { kind: 'fixed', value: 'sales' } } },
];

const FORM: FlowTemplate = {
  firstStep: 'p',
  urlParams: [
    { id: 'ref_field', name: 'ref' },
    { id: 'plan_field', name: 'plan' },
    { id: 'utm_field', name: 'utm' },
    { id: 'stars_field', name: 'stars' },
  ],
  steps: {
    p: { id: 'p', name: 'Page 1', type: 'form', template: { widgets: QUESTIONS }, nextStep: { defaultNextStep: 'end' } },
    end: { id: 'end', name: 'Thanks', type: 'ending', template: { title: 'Thanks!', body: '' }, nextStep: null },
  },
};

async function published(): Promise<string> {
  await signUpUser();
  const workspaceId = (await callEndpoint(getMe, {})).workspaces[0]!.id;
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Prefilled', type: 'form', workspaceId, flowTemplate: FORM } });
  await callEndpoint(publishFlow, { params: { publicIdentifier: flow.publicIdentifier } });
  return flow.publicIdentifier;
}

/** The form at its link with `search`, and a user to drive it. */
function openForm(publicIdentifier: string, search: string) {
  window.history.pushState({}, '', `/t/${publicIdentifier}${search}`);
  const user = userEvent.setup();
  render(<PublicFormPage publicIdentifier={publicIdentifier} />);
  return user;
}

async function storedAnswers(publicIdentifier: string): Promise<Record<string, unknown>> {
  const page = await callEndpoint(listSubmissions, { params: { publicIdentifier }, query: {} });
  return Object.fromEntries(page.responses[0]!.questions.map((question) => [question.id, question.value]));
}

beforeEach(() => installPassingChallenge('defaults'));

afterEach(() => {
  removePassingChallenge();
  window.history.pushState({}, '', '/');
});

it('shows the description as text with a safe link, piped from the link, and it describes the question’s input', async () => {
  const publicIdentifier = await published();
  openForm(publicIdentifier, '?ref=Ada');
  const input = await screen.findByLabelText(/Your name/);
  const description = screen.getAllByTestId('question-description')[0]!;
  expect(description).toHaveTextContent('Hi Ada, read our terms before <b>signing</b>.');
  // Text stays text: nothing in a description is read as HTML.
  expect(description.querySelector('b')).toBeNull();
  const link = within(description).getByRole('link', { name: 'terms' });
  expect(link).toHaveAttribute('href', 'https://example.com/terms');
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  expect(link.querySelector('strong')).toHaveTextContent('terms');
  expect(within(description).getByRole('listitem')).toHaveTextContent('As on your passport');
  expect(input).toHaveAccessibleDescription(/Hi Ada, read our terms/);
});

it('draws a link to an unsafe address as its text only', () => {
  const unsafe: RichText = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'click', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] }] };
  render(<RichTextView doc={unsafe} />);
  expect(screen.getByTestId('question-description')).toHaveTextContent('click');
  expect(screen.queryByRole('link')).toBeNull();
});

it('fills in the defaults and the link’s prefill, lets the respondent change them, and stores hidden questions it never shows', async () => {
  const publicIdentifier = await published();
  const user = openForm(publicIdentifier, '?plan=pro&utm=newsletter&stars=4');
  const email = await screen.findByLabelText(/Email/);
  expect(email).toHaveValue('team@example.com');
  expect(screen.getByRole('radio', { name: 'Pro' })).toBeChecked();
  expect(screen.getByRole('button', { name: '4 stars' })).toHaveAttribute('aria-pressed', 'true');
  // Hidden questions are not on the page.
  expect(screen.queryByLabelText(/Source/)).toBeNull();
  expect(screen.queryByLabelText(/Team/)).toBeNull();
  expect(screen.getAllByTestId('public-question')).toHaveLength(4);

  await user.type(screen.getByLabelText(/Your name/), 'Grace');
  await user.clear(email);
  await user.type(email, 'grace@example.com');
  await user.click(screen.getByRole('radio', { name: 'Free' }));
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByTestId('ending-title')).toHaveTextContent('Thanks!');
  expect(await storedAnswers(publicIdentifier)).toMatchObject({ name: 'Grace', email: 'grace@example.com', plan: 'free', stars: 4, source: 'newsletter', team: 'sales' });
});

it('ignores a link value its question would refuse', async () => {
  const publicIdentifier = await published();
  const user = openForm(publicIdentifier, '?plan=gold');
  await user.type(await screen.findByLabelText(/Your name/), 'Grace');
  expect(screen.getByRole('radio', { name: 'Free' })).not.toBeChecked();
  expect(screen.getByRole('radio', { name: 'Pro' })).not.toBeChecked();
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByTestId('ending-title')).toHaveTextContent('Thanks!');
  const stored = await storedAnswers(publicIdentifier);
  expect(stored).toMatchObject({ name: 'Grace', email: 'team@example.com', team: 'sales' });
  expect(stored.plan ?? null).toBeNull();
  expect(stored.source ?? null).toBeNull();
});
