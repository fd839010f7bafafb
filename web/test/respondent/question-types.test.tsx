/**
 * The question types a respondent answers with more than a text field — an opinion scale, a slider, a time, a
 * date and time, an amount, a grid (Matrix) and a ranking — on the public form (src/respondent) against the real
 * API: each is reached and answered the way a person does (by its label, the keyboard where it matters), the
 * form refuses what is incomplete with words under the question, and the Results read what was chosen. The bot
 * challenge's browser script is the network edge and is stubbed, as in `public-form.test.tsx`.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import { listSubmissions } from '@formloom/contracts/api/flows/submissions';
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate, Widget } from '@formloom/contracts/entities/flow-template';
import { PublicFormPage } from '../../src/respondent/public-form';
import { callEndpoint } from '../../src/lib/api-client';
import { installPassingChallenge, removePassingChallenge } from '../challenge-provider';
import { signUpUser } from '../render-app';

/** The questions of the form, all required. */
const QUESTIONS: Widget[] = [
  {
    id: 'nps',
    name: 'Recommend',
    type: 'OpinionScale',
    template: { label: 'How likely are you to recommend us?', required: true, start: 0, end: 10, leftLabel: 'Not likely', rightLabel: 'Extremely likely' },
  },
  { id: 'distance', name: 'Distance', type: 'Slider', template: { label: 'How far do you commute?', required: true, min: 0, max: 50, step: 5, unit: 'km' } },
  { id: 'time', name: 'Time', type: 'TimePicker', template: { label: 'Best time to call', required: true } },
  { id: 'when', name: 'When', type: 'DateTimePicker', template: { label: 'Delivery', required: true, min: '2026-01-01T08:00' } },
  { id: 'budget', name: 'Budget', type: 'CurrencyInput', template: { label: 'Budget', required: true, currency: 'EUR', min: 10 } },
  {
    id: 'grid',
    name: 'Grid',
    type: 'Matrix',
    template: {
      label: 'Rate our service',
      required: true,
      rows: [{ id: 'speed', label: 'Speed' }, { id: 'quality', label: 'Quality' }],
      columns: [{ id: 'poor', label: 'Poor' }, { id: 'good', label: 'Good' }, { id: 'great', label: 'Great' }],
    },
  },
  {
    id: 'order',
    name: 'Order',
    type: 'Ranking',
    template: {
      label: 'What matters most?',
      required: true,
      options: [{ id: 'docs', label: 'Documentation' }, { id: 'support', label: 'Support' }, { id: 'price', label: 'Price' }],
    },
  },
];

/** A published one-page form holding {@link QUESTIONS}; its public identifier. */
async function publishedForm(): Promise<string> {
  await signUpUser();
  const workspaceId = (await callEndpoint(getMe, {})).workspaces[0]!.id;
  const flowTemplate: FlowTemplate = {
    firstStep: 'p1',
    steps: {
      p1: { id: 'p1', name: 'Your view', type: 'form', template: { widgets: QUESTIONS }, nextStep: { defaultNextStep: 'end' } },
      end: { id: 'end', name: 'Thank you', type: 'ending', template: { title: 'Thanks!', body: 'Done.' }, nextStep: null },
    },
  };
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Every new type', type: 'form', workspaceId, flowTemplate } });
  await callEndpoint(publishFlow, { params: { publicIdentifier: flow.publicIdentifier } });
  return flow.publicIdentifier;
}

/** The bot check passes at once with a fresh token per widget. */
const passChallenge = () => installPassingChallenge('types');

afterEach(removePassingChallenge);

/** The question (its fieldset or frame) whose label or legend matches `label`. */
function question(label: RegExp): HTMLElement {
  const element = screen.getAllByTestId('public-question').find((candidate) => label.test(candidate.textContent ?? ''));
  if (!element) throw new Error(`no question ${label}`);
  return element;
}

it('a respondent answers each type, and the Results read what they chose', async () => {
  const publicIdentifier = await publishedForm();
  passChallenge();
  const user = userEvent.setup();
  render(<PublicFormPage publicIdentifier={publicIdentifier} />);

  const scale = await screen.findByRole('group', { name: /How likely are you to recommend us/ });
  await user.click(within(scale).getByRole('radio', { name: '9' }));
  expect(within(scale).getByRole('radio', { name: '9' })).toBeChecked();
  expect(within(scale).getByRole('radio', { name: '0' })).toHaveAccessibleDescription('Not likely');
  expect(within(scale).getAllByRole('radio')).toHaveLength(11);

  const slider = screen.getByRole('slider', { name: /How far do you commute/ });
  expect(within(question(/How far/)).getByRole('status')).toHaveTextContent('No answer yet');
  // Pressing the untouched thumb picks the value it waits at (the middle); dragging picks another.
  fireEvent.pointerDown(slider);
  expect(within(question(/How far/)).getByRole('status')).toHaveTextContent('25 km');
  fireEvent.change(slider, { target: { value: '35' } });
  expect(within(question(/How far/)).getByRole('status')).toHaveTextContent('35 km');
  expect(slider).toHaveAttribute('aria-valuetext', '35 km');

  fireEvent.change(screen.getByLabelText(/Best time to call/), { target: { value: '14:30' } });
  const delivery = screen.getByLabelText(/Delivery/);
  expect(delivery).toHaveAccessibleDescription('From January 1, 2026 at 8:00 AM');
  fireEvent.change(delivery, { target: { value: '2026-03-05T09:15' } });

  const budget = screen.getByLabelText(/Budget/);
  expect(budget).toHaveAccessibleDescription('EUR At least EUR 10.00');
  await user.type(budget, '1234.5');
  await user.tab();
  expect(budget).toHaveValue('1,234.50');

  await user.click(within(screen.getByRole('radiogroup', { name: 'Speed' })).getByRole('radio', { name: 'Great' }));
  await user.click(within(screen.getByRole('radiogroup', { name: 'Quality' })).getByRole('radio', { name: 'Good' }));

  const moveUp = screen.getByRole('button', { name: 'Move Price up' });
  await user.click(moveUp);
  await user.click(screen.getByRole('button', { name: 'Move Price up' }));
  const ranked = within(question(/What matters most/)).getAllByRole('listitem').map((item) => item.textContent);
  expect(ranked).toEqual(['1Price', '2Documentation', '3Support']);

  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByTestId('ending-title')).toHaveTextContent('Thanks!');

  const { responses } = await callEndpoint(listSubmissions, { params: { publicIdentifier }, query: {} });
  const texts = Object.fromEntries((responses[0]?.questions ?? []).map((item) => [item.name, item.displayValue]));
  expect(texts).toEqual({
    Recommend: '9',
    Distance: '35 km',
    Time: '2:30 PM',
    When: 'March 5, 2026 at 9:15 AM',
    Budget: 'EUR 1,234.50',
    Grid: 'Speed: Great; Quality: Good',
    Order: '1. Price, 2. Documentation, 3. Support',
  });
});

it('says what is missing, marks the Matrix rows left out, and keeps the focus on a moved option', async () => {
  const publicIdentifier = await publishedForm();
  passChallenge();
  const user = userEvent.setup();
  render(<PublicFormPage publicIdentifier={publicIdentifier} />);

  const speed = await screen.findByRole('radiogroup', { name: 'Speed' });
  await user.click(within(speed).getByRole('radio', { name: 'Poor' }));
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  const grid = screen.getByRole('group', { name: /Rate our service/ });
  await waitFor(() => expect(grid).toHaveAccessibleDescription(copy.answers.matrixIncomplete));
  expect(screen.getByRole('radiogroup', { name: 'Quality' })).toHaveAttribute('data-missing', 'true');
  expect(speed).not.toHaveAttribute('data-missing');
  expect(screen.getByRole('group', { name: /What matters most/ })).toHaveAccessibleDescription(copy.answers.required);
  expect(screen.getByRole('slider', { name: /How far do you commute/ })).toHaveAccessibleDescription(copy.answers.required);

  // The refused submit moves the focus to the first question with an error (on the next animation frame): wait for
  // it, so that it does not take the focus from the button below.
  await waitFor(() => expect(document.activeElement?.closest('[data-widget-id]')).not.toBeNull());

  // Keyboard: the pressed button keeps the focus as its option climbs; at the top it stays, doing nothing.
  const down = screen.getByRole('button', { name: 'Move Documentation down' });
  down.focus();
  await user.keyboard('{Enter}');
  expect(screen.getByRole('button', { name: 'Move Documentation down' })).toHaveFocus();
  expect(screen.getByTestId('ranking-status')).toHaveTextContent('Documentation, 2 of 3');
  await user.keyboard('{Enter}');
  await user.keyboard('{Enter}');
  const bottom = screen.getByRole('button', { name: 'Move Documentation down' });
  expect(bottom).toHaveFocus();
  expect(bottom).toHaveAttribute('aria-disabled', 'true');
  const order = within(screen.getByRole('group', { name: /What matters most/ })).getAllByRole('listitem').map((item) => item.textContent);
  expect(order).toEqual(['1Support', '2Price', '3Documentation']);
});
