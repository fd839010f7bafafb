/**
 * MultiSelect, ImageChoice, Address and Statement on the public form (src/respondent) against the real API: each
 * is answered the way a person does — the multi-select with the keyboard only (filter, arrows, Enter, Backspace,
 * Delete on a chip), the picture cards by their labels, the address field by field with a country from the list —
 * the form refuses what is missing with words under the question, and the Results read what was chosen, with no
 * column for the Statement (it takes no answer). The bot challenge's browser script is stubbed, as in
 * `public-form.test.tsx`.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
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

const image = (name: string) => `https://images.example.com/${name}.jpg`;

/** The questions of the form: a statement, then four required questions and one optional. */
const QUESTIONS: Widget[] = [
  {
    id: 'intro',
    name: 'Intro',
    type: 'Statement',
    template: { label: 'Before you start', required: false, body: 'This takes two minutes.\nNo account needed.\n\nThank you!' },
  },
  {
    id: 'langs',
    name: 'Languages',
    type: 'MultiSelect',
    template: {
      label: 'Which languages do you use?',
      required: true,
      minSelections: 2,
      maxSelections: 2,
      options: [{ id: 'ts', label: 'TypeScript' }, { id: 'go', label: 'Go' }, { id: 'rust', label: 'Rust' }],
    },
  },
  {
    id: 'trip',
    name: 'Trip',
    type: 'ImageChoice',
    template: {
      label: 'Where would you go?',
      required: true,
      options: [
        { id: 'beach', label: 'Beach', imageUrl: image('beach'), alt: 'Sand and sea at sunset' },
        { id: 'city', label: 'City', imageUrl: image('city') },
      ],
    },
  },
  {
    id: 'moods',
    name: 'Moods',
    type: 'ImageChoice',
    template: {
      label: 'Which pictures do you like?',
      required: false,
      multiple: true,
      options: [
        { id: 'calm', label: 'Calm', imageUrl: image('calm') },
        { id: 'busy', label: 'Busy', imageUrl: image('busy') },
        { id: 'wild', label: 'Wild', imageUrl: image('wild') },
      ],
    },
  },
  {
    id: 'home',
    name: 'Home',
    type: 'Address',
    template: { label: 'Shipping address', required: true, requirePostalCode: true, defaultCountry: 'US' },
  },
];

/** A published one-page form holding {@link QUESTIONS}; its public identifier. */
async function publishedForm(): Promise<string> {
  await signUpUser();
  const workspaceId = (await callEndpoint(getMe, {})).workspaces[0]!.id;
  const flowTemplate: FlowTemplate = {
    firstStep: 'p1',
    steps: {
      p1: { id: 'p1', name: 'About you', type: 'form', template: { widgets: QUESTIONS }, nextStep: { defaultNextStep: 'end' } },
      end: { id: 'end', name: 'Thank you', type: 'ending', template: { title: 'Thanks!', body: 'Done.' }, nextStep: null },
    },
  };
  const { flow } = await callEndpoint(createFlow, { body: { name: 'More types', type: 'form', workspaceId, flowTemplate } });
  await callEndpoint(publishFlow, { params: { publicIdentifier: flow.publicIdentifier } });
  return flow.publicIdentifier;
}

/** The bot check passes at once with a fresh token per widget. */
const passChallenge = () => installPassingChallenge('more');

afterEach(removePassingChallenge);

it('a respondent reads the statement, answers each type by keyboard and by label, and the Results read what they chose', async () => {
  const publicIdentifier = await publishedForm();
  passChallenge();
  const user = userEvent.setup();
  render(<PublicFormPage publicIdentifier={publicIdentifier} />);

  // The statement: a heading and paragraphs, no control.
  const heading = await screen.findByRole('heading', { name: 'Before you start' });
  const statement = heading.parentElement as HTMLElement;
  expect(within(statement).getAllByText(/./, { selector: 'p' }).map((p) => p.innerHTML)).toEqual([
    'This takes two minutes.<br>No account needed.',
    'Thank you!',
  ]);
  expect(within(statement).queryByRole('textbox')).toBeNull();

  // The multi-select, with the keyboard only.
  const combo = await screen.findByRole('combobox', { name: 'Which languages do you use?' });
  expect(combo).toHaveAccessibleDescription('Choose 2');
  const list = screen.getByRole('listbox', { hidden: true });
  expect(list).not.toBeVisible();
  await user.click(combo);
  expect(combo).toHaveAttribute('aria-expanded', 'true');
  expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['TypeScript', 'Go', 'Rust']);
  await user.type(combo, 'ru');
  expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['Rust']);
  expect(combo).toHaveAttribute('aria-activedescendant', within(list).getByRole('option', { name: 'Rust' }).id);
  await user.keyboard('{Enter}');
  expect(combo).toHaveValue('');
  expect(within(list).getByRole('option', { name: 'Rust' })).toHaveAttribute('aria-selected', 'true');
  await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{Enter}');
  expect(within(list).getByRole('option', { name: 'TypeScript' })).toHaveAttribute('aria-selected', 'true');
  // Two chosen of at most two: Go cannot be ticked.
  expect(within(list).getByRole('option', { name: 'Go' })).toHaveAttribute('aria-disabled', 'true');
  const chips = screen.getByRole('list', { name: 'Chosen: Which languages do you use?' });
  expect(within(chips).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['Rust', 'TypeScript']);
  // Backspace in the empty field takes the last one back; Escape closes the list.
  await user.keyboard('{Backspace}');
  expect(within(chips).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['Rust']);
  await user.keyboard('{Escape}');
  expect(combo).toHaveAttribute('aria-expanded', 'false');
  expect(list).not.toBeVisible();
  await user.keyboard('{ArrowDown}{ArrowDown}{Enter}{Escape}');
  expect(within(chips).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['Rust', 'Go']);
  // A chip's remove button, reached with Shift+Tab, removes it with Delete; the focus moves to the chip before it.
  await user.tab({ shift: true });
  expect(screen.getByRole('button', { name: 'Remove Go' })).toHaveFocus();
  await user.keyboard('{Delete}');
  expect(screen.getByRole('button', { name: 'Remove Rust' })).toHaveFocus();
  expect(within(chips).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['Rust']);
  await user.tab();
  expect(combo).toHaveFocus();
  await user.keyboard('{ArrowDown}{Enter}{Escape}');
  expect(within(chips).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['Rust', 'TypeScript']);

  // Picture cards: radios (one) and checkboxes (several), named by their labels, described by the alt text.
  const trip = screen.getByRole('group', { name: /Where would you go/ });
  const beach = within(trip).getByRole('radio', { name: 'Beach' });
  expect(beach).toHaveAccessibleDescription('Sand and sea at sunset');
  expect(trip.querySelectorAll('img')).toHaveLength(2);
  expect(trip.querySelector('img')).toHaveAttribute('src', image('beach'));
  await user.click(within(trip).getByRole('radio', { name: 'City' }));
  const moods = screen.getByRole('group', { name: /Which pictures do you like/ });
  await user.click(within(moods).getByRole('checkbox', { name: 'Wild' }));
  await user.click(within(moods).getByRole('checkbox', { name: 'Calm' }));

  // The address, field by field; the country list starts on the default.
  const address = screen.getByRole('group', { name: /Shipping address/ });
  const country = within(address).getByRole('combobox', { name: 'Country' });
  expect(country).toHaveValue('US');
  expect(within(address).getByLabelText('Apartment, suite, etc. (optional)')).toHaveAttribute('autocomplete', 'address-line2');
  await user.type(within(address).getByRole('textbox', { name: 'Street address' }), '350 Fifth Avenue');
  await user.type(within(address).getByRole('textbox', { name: 'City' }), 'New York');
  await user.type(within(address).getByRole('textbox', { name: 'State / Province (optional)' }), 'NY');
  await user.type(within(address).getByRole('textbox', { name: 'Postal code' }), '10118');

  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByTestId('ending-title')).toHaveTextContent('Thanks!');

  const { responses } = await callEndpoint(listSubmissions, { params: { publicIdentifier }, query: {} });
  const texts = Object.fromEntries((responses[0]?.questions ?? []).map((item) => [item.name, item.displayValue]));
  expect(texts).toEqual({
    Languages: 'Rust, TypeScript',
    Trip: 'City',
    Moods: 'Calm, Wild',
    Home: '350 Fifth Avenue, New York, NY 10118, United States',
  });
});

it('says what is missing under each question, and a country picked from the list is the one stored', async () => {
  const publicIdentifier = await publishedForm();
  passChallenge();
  const user = userEvent.setup();
  render(<PublicFormPage publicIdentifier={publicIdentifier} />);

  const combo = await screen.findByRole('combobox', { name: 'Which languages do you use?' });
  await user.click(combo);
  await user.click(screen.getByRole('option', { name: 'Go' }));
  const address = screen.getByRole('group', { name: /Shipping address/ });
  await user.type(within(address).getByRole('textbox', { name: 'Street address' }), 'Bahnhofstrasse 1');
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  await waitFor(() => expect(combo).toHaveAccessibleDescription(`Choose 2 ${copy.answers.tooFewSelections(2)}`));
  expect(screen.getByRole('group', { name: /Where would you go/ })).toHaveAccessibleDescription(copy.answers.required);
  expect(address).toHaveAccessibleDescription(copy.answers.addressPartMissing('city'));

  await user.click(combo);
  await user.click(screen.getByRole('option', { name: 'TypeScript' }));
  await user.click(within(screen.getByRole('group', { name: /Where would you go/ })).getByRole('radio', { name: 'Beach' }));
  await user.type(within(address).getByRole('textbox', { name: 'City' }), 'Zürich');
  await user.type(within(address).getByRole('textbox', { name: 'Postal code' }), '8001');
  await user.selectOptions(within(address).getByRole('combobox', { name: 'Country' }), 'Switzerland');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByTestId('ending-title')).toHaveTextContent('Thanks!');

  const { responses } = await callEndpoint(listSubmissions, { params: { publicIdentifier }, query: {} });
  const questions = responses[0]?.questions ?? [];
  expect(questions.map((question) => question.id)).toEqual(['langs', 'trip', 'moods', 'home']);
  expect(questions.find((question) => question.id === 'home')?.value).toEqual({ street: 'Bahnhofstrasse 1', city: 'Zürich', postalCode: '8001', country: 'CH' });
  expect(questions.find((question) => question.id === 'langs')?.value).toEqual(['go', 'ts']);
});
