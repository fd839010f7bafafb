/**
 * Quizzes and calculations in the editor (src/features/editor/components/logic/quiz-settings.tsx, calculations.tsx,
 * the options' points in src/widgets/shared/options-editor.tsx, conditions on the score, the '@' menu), as a form
 * builder uses them, against the real API: what the editor saves is what the public form then computes (contracts
 * `computeCalculations`, `scoreQuiz`).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { createFlow, fetchFlow } from '@formloom/contracts/api/flows/flows';
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate, Widget } from '@formloom/contracts/entities/flow-template';
import { computeCalculations } from '@formloom/contracts/rules/calculations';
import { scoreQuiz } from '@formloom/contracts/rules/quiz';
import { formWidgets } from '@formloom/contracts/rules/steps';
import { paths } from '../../../src/config/paths';
import { callEndpoint } from '../../../src/lib/api-client';
import { renderApp, signUpUser, type RenderedApp } from '../../render-app';

const size: Widget = {
  id: 'size',
  name: 'Size',
  type: 'MultipleChoice',
  template: { label: 'Size', required: false, options: [{ id: 'small', label: 'Small' }, { id: 'large', label: 'Large' }] },
};
const quantity: Widget = { id: 'quantity', name: 'Quantity', type: 'NumberInput', template: { label: 'Quantity', required: false } };
const note: Widget = { id: 'note', name: 'Note', type: 'ShortAnswer', template: { label: 'Note', required: false } };

/** One page (Size, Quantity, Note) and two endings ('Thank you', 'Passed'). */
function orderForm(extra: Partial<FlowTemplate> = {}): FlowTemplate {
  return {
    firstStep: 'p1',
    steps: {
      p1: { id: 'p1', name: 'Order', type: 'form', template: { widgets: [size, quantity, note] }, nextStep: { defaultNextStep: 'end' } },
      end: { id: 'end', name: 'Thank you', type: 'ending', template: { title: 'Thanks!', body: '' }, nextStep: null },
      pass: { id: 'pass', name: 'Passed', type: 'ending', template: { title: 'Well done', body: '' }, nextStep: null },
    },
    ...extra,
  };
}

async function openEditor(template: FlowTemplate): Promise<RenderedApp & { publicIdentifier: string }> {
  await signUpUser({ firstName: 'Ada' });
  const workspaceId = (await callEndpoint(getMe, {})).workspaces[0]!.id;
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Quiz', type: 'form', workspaceId, flowTemplate: template } });
  const app = renderApp(paths.editor.getHref(flow.publicIdentifier, 'edit'));
  await screen.findByTestId('page-logic');
  return { ...app, publicIdentifier: flow.publicIdentifier };
}

async function savedTemplate(publicIdentifier: string): Promise<FlowTemplate> {
  return (await callEndpoint(fetchFlow, { params: { publicIdentifier } })).flowSnapshot.template;
}

/** Waits until the saved draft passes `check`. */
async function whenSaved(publicIdentifier: string, check: (template: FlowTemplate) => void): Promise<FlowTemplate> {
  await waitFor(async () => check(await savedTemplate(publicIdentifier)), { timeout: 10_000 });
  return savedTemplate(publicIdentifier);
}

/** Picks `option` in the Mantine select labelled `label` (inside `scope` when given). */
async function choose(app: RenderedApp, label: string, option: string, scope: HTMLElement = document.body) {
  await app.user.click(within(scope).getByRole('combobox', { name: label }));
  await app.user.click(await screen.findByRole('option', { name: option }));
}

const card = (id: string) => screen.getAllByTestId('question-card').find((element) => element.dataset.widgetId === id) as HTMLElement;

it('turns quiz mode on: choices take points, the ending settings save, and turning it off hides the points but keeps them', async () => {
  const app = await openEditor(orderForm());
  const sizeCard = card('size');
  expect(within(sizeCard).queryByRole('textbox', { name: 'Points for option 1' })).not.toBeInTheDocument();

  await app.user.click(screen.getByRole('switch', { name: /Quiz mode/ }));
  expect(screen.getByRole('switch', { name: 'Show score on the ending' })).toBeChecked();
  expect(screen.getByRole('switch', { name: 'Show correct answers on the ending' })).not.toBeChecked();
  await app.user.click(screen.getByRole('switch', { name: 'Show correct answers on the ending' }));
  expect(screen.getByTestId('quiz-summary')).toHaveTextContent('Give the choices of a question points to score it.');

  // A number question has no choices to score; a choice question's options each take points (negative too).
  expect(within(card('quantity')).queryByTestId('option-points')).not.toBeInTheDocument();
  await app.user.type(within(sizeCard).getByRole('textbox', { name: 'Points for option 2' }), '3');
  await app.user.type(within(sizeCard).getByRole('textbox', { name: 'Points for option 1' }), '-1');
  expect(screen.getByTestId('quiz-summary')).toHaveTextContent('1 scored question, up to 3 points');

  const saved = await whenSaved(app.publicIdentifier, (template) => {
    expect(template.quizzes).toEqual({ enabled: true, showScore: true, showAnswers: true });
    const page = template.steps.p1;
    expect(page?.type === 'form' && page.template.widgets[0]?.template).toMatchObject({
      options: [{ id: 'small', label: 'Small', points: -1 }, { id: 'large', label: 'Large', points: 3 }],
    });
  });
  const questions = formWidgets(saved).map(({ widget }) => widget);
  expect(scoreQuiz(questions, { size: 'large' })).toMatchObject({ score: 3, maxScore: 3 });

  await app.user.click(screen.getByRole('switch', { name: /Quiz mode/ }));
  expect(within(sizeCard).queryByRole('textbox', { name: 'Points for option 1' })).not.toBeInTheDocument();
  await whenSaved(app.publicIdentifier, (template) => {
    expect(template.quizzes).toMatchObject({ enabled: false });
    const page = template.steps.p1;
    expect(page?.type === 'form' && page.template.widgets[0]?.template).toMatchObject({ options: [{ points: -1 }, { points: 3 }] });
  });
});

it('builds a calculation in words: a starting number, a conditional update and one with a question; reorders and deletes updates', async () => {
  const app = await openEditor(orderForm());
  await app.user.click(screen.getByTestId('add-calculation'));
  const dialog = await screen.findByRole('dialog', { name: 'Calculation' });
  const name = within(dialog).getByRole('textbox', { name: /Name/ });
  expect(name).toHaveValue(copy.flows.newCalculationName(1));
  await app.user.clear(name);
  await app.user.type(name, 'Price');
  const start = within(dialog).getByRole('textbox', { name: /Starting number/ });
  await app.user.clear(start);
  await app.user.type(start, '20');

  // 1. When Size equals Large: add 15.
  await app.user.click(within(dialog).getByTestId('add-calculation-update'));
  const first = within(dialog).getAllByTestId('calculation-update')[0]!;
  expect(within(first).getByTestId('calculation-update-summary')).toHaveTextContent('Add 1');
  const amount = within(first).getByRole('textbox', { name: 'Update 1: number' });
  await app.user.clear(amount);
  await app.user.type(amount, '15');
  await app.user.click(within(first).getByRole('button', { name: 'Update 1: only when…' }));
  await choose(app, 'Update 1, condition 1: value', 'Large', first);
  expect(within(first).getByTestId('calculation-update-summary')).toHaveTextContent('When Size equals Large: add 15');

  // 2. Multiply by Quantity.
  await app.user.click(within(dialog).getByTestId('add-calculation-update'));
  const second = within(dialog).getAllByTestId('calculation-update')[1]!;
  await choose(app, 'Update 2: operation', 'Multiply by', second);
  await choose(app, 'Update 2: value', 'Quantity', second);
  expect(within(second).queryByRole('textbox', { name: 'Update 2: number' })).not.toBeInTheDocument();
  expect(within(second).getByTestId('calculation-update-summary')).toHaveTextContent('Multiply by Quantity');

  const saved = await whenSaved(app.publicIdentifier, (template) => {
    expect(template.calculations).toEqual([
      {
        id: expect.any(String),
        name: 'Price',
        initialValue: 20,
        updates: [
          { when: { and: [{ equals: [{ var: 'answers.size' }, 'large'] }] }, operation: 'add', value: 15 },
          { operation: 'multiply', value: { var: 'answers.quantity' } },
        ],
      },
    ]);
  });
  const id = saved.calculations![0]!.id;
  expect(computeCalculations(saved, { answers: { size: 'large', quantity: 2 } })[id]).toBe(70);

  // Multiply first, then add: the list says so and the form computes it.
  await app.user.click(within(dialog).getByRole('button', { name: 'Move Update 2 up' }));
  expect(within(dialog).getAllByTestId('calculation-update-summary').map((element) => element.textContent)).toEqual([
    '1. Multiply by Quantity',
    '2. When Size equals Large: add 15',
  ]);
  await app.user.click(within(dialog).getByRole('button', { name: 'Delete Update 1' }));
  expect(within(dialog).getAllByTestId('calculation-update')).toHaveLength(1);
  const after = await whenSaved(app.publicIdentifier, (template) => expect(template.calculations?.[0]?.updates).toHaveLength(1));
  expect(computeCalculations(after, { answers: { size: 'large', quantity: 2 } })[id]).toBe(35);

  await app.user.click(within(dialog).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Calculation' })).not.toBeInTheDocument());
  expect(screen.getByTestId('calculation')).toHaveTextContent('Price');
  expect(screen.getByTestId('calculation')).toHaveTextContent('Starts at 20 · 1 update');

  await app.user.click(screen.getByTestId('calculation'));
  await app.user.click(within(await screen.findByRole('dialog', { name: 'Calculation' })).getByTestId('delete-calculation'));
  await waitFor(() => expect(screen.queryByTestId('calculation')).not.toBeInTheDocument());
  await whenSaved(app.publicIdentifier, (template) => expect(template.calculations).toBeUndefined());
});

it('shows a publish problem on the update that uses a text answer', async () => {
  const app = await openEditor(
    orderForm({ calculations: [{ id: 'total', name: 'Total', initialValue: 0, updates: [{ operation: 'add', value: { var: 'answers.note' } }] }] }),
  );
  await app.user.click(screen.getByTestId('publish-button'));
  expect(await screen.findByTestId('save-errors')).toHaveTextContent(`Calculations › Total › Update 1: ${copy.flows.calculationNeedsNumber}`);
  expect(screen.getByTestId('calculation')).toHaveTextContent('1 problem');

  await app.user.click(screen.getByTestId('calculation'));
  const update = within(await screen.findByRole('dialog', { name: 'Calculation' })).getByTestId('calculation-update');
  expect(within(update).getByRole('alert')).toHaveTextContent(copy.flows.calculationNeedsNumber);
});

it('sends a quiz to an ending by its score, and pipes the score and a calculation into the ending', async () => {
  const app = await openEditor(
    orderForm({ quizzes: { enabled: true }, calculations: [{ id: 'price', name: 'Price', initialValue: 20, updates: [] }] }),
  );

  // After this page: Score greater than or equal 5 → Passed.
  await app.user.click(screen.getByTestId('add-rule'));
  const rule = screen.getByTestId('page-rule');
  await choose(app, 'Rule 1, condition 1: question', 'Score', rule);
  await choose(app, 'Rule 1, condition 1: operator', 'greater than or equal', rule);
  await app.user.type(within(rule).getByRole('textbox', { name: 'Rule 1, condition 1: value' }), '5');
  await choose(app, 'Rule 1: go to', 'Passed', rule);
  expect(within(rule).getByTestId('page-rule-summary')).toHaveTextContent('If Score greater than or equal 5 go to Passed');
  await whenSaved(app.publicIdentifier, (template) =>
    expect(template.steps.p1).toMatchObject({ nextStep: { rules: [{ condition: { and: [{ gte: [{ var: 'quiz.score' }, 5] }] }, nextStep: 'pass' }] } }),
  );

  // The '@' menu of the ending's title offers the calculation and the quiz's points.
  await app.user.click(screen.getAllByTestId('ending-item').find((item) => item.dataset.stepId === 'pass')!);
  const title = await screen.findByTestId('ending-title');
  await app.user.clear(title);
  await app.user.type(title, 'You scored ');
  await app.user.click(screen.getByRole('button', { name: 'Insert an answer into the title' }));
  await app.user.click(await screen.findByRole('menuitem', { name: copy.quiz.score }));
  await app.user.type(title, ' of ');
  await app.user.click(screen.getByRole('button', { name: 'Insert an answer into the title' }));
  await app.user.click(await screen.findByRole('menuitem', { name: copy.quiz.maxScore }));
  await app.user.type(title, ', to pay ');
  await app.user.click(screen.getByRole('button', { name: 'Insert an answer into the title' }));
  await app.user.click(await screen.findByRole('menuitem', { name: 'Price' }));
  await waitFor(() => expect(title).toHaveValue('You scored {{quiz.score}} of {{quiz.maxScore}}, to pay {{calculations.price}}'));
  expect(screen.getAllByTestId('piping-hint')[0]).toHaveTextContent('Shows: You scored [Score] of [Maximum score], to pay [Price]');
  await whenSaved(app.publicIdentifier, (template) =>
    expect(template.steps.pass).toMatchObject({ template: { title: 'You scored {{quiz.score}} of {{quiz.maxScore}}, to pay {{calculations.price}}' } }),
  );
});
