import { toSubmissionQuestions } from '../src/rules/submission-questions';
import { validateFlowTemplate } from '../src/rules/flow-template';
import { SubmissionQuestion } from '../src/entities/flow';
import { exampleTemplateJson, setAt } from './fixtures';

function example() {
  const result = validateFlowTemplate(exampleTemplateJson());
  if (!result.ok) throw new Error('fixture');
  return result.template;
}

describe('toSubmissionQuestions', () => {
  it('lists every question in page order, null when unanswered, with the text of each answer', () => {
    const questions = toSubmissionQuestions(example(), { w3: 'o2', w1: 'Ada', stale: 'gone' });
    expect(questions).toEqual([
      { id: 'w1', name: 'Name', type: 'ShortAnswer', value: 'Ada', displayValue: 'Ada' },
      { id: 'w2', name: 'Email', type: 'EmailInput', value: null, displayValue: '' },
      { id: 'w3', name: 'Plan', type: 'MultipleChoice', value: 'o2', displayValue: 'Pro' },
    ]);
    expect(questions.every((question) => SubmissionQuestion.safeParse(question).success)).toBe(true);
  });

  it('keeps false and 0, maps empty answers to null', () => {
    const values = toSubmissionQuestions(example(), { w1: false, w2: '', w3: 0 }).map((question) => question.value);
    expect(values).toEqual([false, null, 0]);
  });

  it('falls back to the label when a widget has no name', () => {
    const json = exampleTemplateJson();
    setAt(json, 'steps.s1.template.widgets.0.name', ' ');
    const result = validateFlowTemplate(json);
    if (!result.ok) throw new Error('fixture');
    expect(toSubmissionQuestions(result.template, {})[0]?.name).toBe('Your name');
  });
});
