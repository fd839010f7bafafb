/**
 * A quiz on the public form (src/respondent, `rules/quiz.ts`, `rules/calculations.ts`) against the real API: the
 * respondent answers, a page rule on the score sends them to the pass or the fail ending, and the ending shows
 * their score, each scored question with the correct answer, and a calculation the ending's text pipes. The bot
 * challenge's browser script is the network edge and is stubbed, as in `public-form.test.tsx`.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getMe } from '@formloom/contracts/api/workspaces-auth/auth';
import { createFlow, publishFlow } from '@formloom/contracts/api/flows/flows';
import * as copy from '@formloom/contracts/copy';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { PublicFormPage } from '../../src/respondent/public-form';
import { callEndpoint } from '../../src/lib/api-client';
import { installPassingChallenge, removePassingChallenge } from '../challenge-provider';
import { signUpUser } from '../render-app';

/** Two scored questions (4 points in all), a pass mark of 3, and a count of the right answers. */
const QUIZ: FlowTemplate = {
  firstStep: 'q',
  steps: {
    q: {
      id: 'q',
      name: 'Questions',
      type: 'form',
      template: {
        widgets: [
          {
            id: 'capital',
            name: 'Capital',
            type: 'MultipleChoice',
            template: { label: 'Capital of France?', required: true, options: [{ id: 'paris', label: 'Paris', points: 2 }, { id: 'lyon', label: 'Lyon' }] },
          },
          {
            id: 'primes',
            name: 'Primes',
            type: 'Checkboxes',
            template: {
              label: 'Which are prime?',
              required: true,
              options: [{ id: 'two', label: '2', points: 1 }, { id: 'three', label: '3', points: 1 }, { id: 'four', label: '4', points: -1 }],
            },
          },
        ],
      },
      nextStep: { defaultNextStep: 'fail', rules: [{ condition: { gte: [{ var: 'quiz.score' }, 3] }, nextStep: 'pass' }] },
    },
    pass: { id: 'pass', name: 'Passed', type: 'ending', template: { title: 'You passed!', body: 'Right answers: {{calculations.right}}' }, nextStep: null },
    fail: { id: 'fail', name: 'Failed', type: 'ending', template: { title: 'Not this time', body: 'Right answers: {{calculations.right}}' }, nextStep: null },
  },
  quizzes: { enabled: true, showAnswers: true },
  calculations: [
    {
      id: 'right',
      name: 'Right answers',
      initialValue: 0,
      updates: [
        { when: { equals: [{ var: 'answers.capital' }, 'paris'] }, operation: 'add', value: 1 },
        { when: { equals: [{ var: 'answers.primes' }, ['two', 'three']] }, operation: 'add', value: 1 },
      ],
    },
  ],
};

async function publishedQuiz(): Promise<string> {
  await signUpUser();
  const workspaceId = (await callEndpoint(getMe, {})).workspaces[0]!.id;
  const { flow } = await callEndpoint(createFlow, { body: { name: 'Geography quiz', type: 'quiz', workspaceId, flowTemplate: QUIZ } });
  await callEndpoint(publishFlow, { params: { publicIdentifier: flow.publicIdentifier } });
  return flow.publicIdentifier;
}

beforeEach(() => installPassingChallenge('quiz'));

afterEach(removePassingChallenge);

it('a respondent who scores 3 of 4 passes, and the ending shows the score, the answers and the count', async () => {
  const publicIdentifier = await publishedQuiz();
  const user = userEvent.setup();
  render(<PublicFormPage publicIdentifier={publicIdentifier} />);

  await user.click(await screen.findByRole('radio', { name: 'Paris' }));
  const primes = screen.getByRole('group', { name: /Which are prime/ });
  await user.click(within(primes).getByRole('checkbox', { name: '2' }));
  await user.click(within(primes).getByRole('checkbox', { name: '4' }));
  await user.click(within(primes).getByRole('checkbox', { name: '4' }));
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  expect(await screen.findByTestId('ending-title')).toHaveTextContent('You passed!');
  expect(screen.getByTestId('ending-body')).toHaveTextContent('Right answers: 1');
  expect(screen.getByTestId('quiz-score')).toHaveTextContent(copy.quiz.yourScore('3', '4'));
  const [capital, prime] = screen.getAllByTestId('quiz-answer');
  expect(capital).toHaveTextContent(copy.quiz.correct);
  expect(prime).toHaveTextContent(copy.quiz.incorrect);
  expect(prime).toHaveTextContent(copy.quiz.yourAnswer('2'));
  expect(prime).toHaveTextContent(copy.quiz.correctAnswer('2, 3'));
});

it('a respondent who scores below the pass mark reaches the other ending', async () => {
  const publicIdentifier = await publishedQuiz();
  const user = userEvent.setup();
  render(<PublicFormPage publicIdentifier={publicIdentifier} />);

  await user.click(await screen.findByRole('radio', { name: 'Lyon' }));
  await user.click(within(screen.getByRole('group', { name: /Which are prime/ })).getByRole('checkbox', { name: '4' }));
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  expect(await screen.findByTestId('ending-title')).toHaveTextContent('Not this time');
  expect(screen.getByTestId('quiz-score')).toHaveTextContent(copy.quiz.yourScore('-1', '4'));
  expect(screen.getByTestId('ending-body')).toHaveTextContent('Right answers: 0');
});
