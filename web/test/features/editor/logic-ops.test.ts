/**
 * The editor's logic edits (src/features/editor/model/logic-ops.ts): a comparison keeps what still fits when its
 * question or operator changes, deleting a page or an ending never leaves a rule leading nowhere, and every
 * edit leaves a template the server accepts.
 */
import type { FlowTemplate, Widget } from '@formloom/contracts/entities/flow-template';
import { validateFlowTemplate } from '@formloom/contracts/rules/flow-template';
import { publishProblems } from '@formloom/contracts/rules/publish-checks';
import { addEnding, addPageRule, deleteEnding, movePageRule } from '../../../src/features/editor/model/logic-ops';
import { comparisonParts, newComparison, withOperator, withQuestion } from '../../../src/ui/condition-editor/condition-model';
import { deletePage } from '../../../src/features/editor/model/template-ops';

const plan: Widget = { id: 'plan', name: 'Plan', type: 'Checkboxes', template: { label: 'Plan', required: false, options: [{ id: 'a', label: 'A' }, { id: 'b', label: 'B' }] } };
const seats: Widget = { id: 'seats', name: 'Seats', type: 'NumberInput', template: { label: 'Seats', required: false } };
const rating: Widget = { id: 'rating', name: 'Rating', type: 'StarRating', template: { label: 'Rating', required: false } };

function template(): FlowTemplate {
  return {
    firstStep: 'p1',
    steps: {
      p1: { id: 'p1', name: 'Page 1', type: 'form', template: { widgets: [plan, seats, rating] }, nextStep: { defaultNextStep: 'p2' } },
      p2: { id: 'p2', name: 'Page 2', type: 'form', template: { widgets: [] }, nextStep: { defaultNextStep: 'end' } },
      end: { id: 'end', name: 'Thank you', type: 'ending', template: { title: 'Thanks!', body: '' }, nextStep: null },
    },
  };
}

describe('comparisons', () => {
  it('starts with the question\'s first operator and first choice', () => {
    expect(newComparison(plan)).toEqual({ contains: [{ var: 'answers.plan' }, 'a'] });
    expect(newComparison(seats)).toEqual({ equals: [{ var: 'answers.seats' }, ''] });
  });

  it('turns a value into a list for list operators and back, and drops it for emptiness tests', () => {
    const parts = comparisonParts({ contains: [{ var: 'answers.plan' }, 'b'] });
    expect(withOperator(parts, plan, 'in')).toEqual({ in: [{ var: 'answers.plan' }, ['b']] });
    expect(withOperator(comparisonParts({ in: [{ var: 'answers.plan' }, ['b', 'a']] }), plan, 'contains')).toEqual({ contains: [{ var: 'answers.plan' }, 'b'] });
    expect(withOperator(parts, plan, 'isEmpty')).toEqual({ isEmpty: [{ var: 'answers.plan' }] });
  });

  it('keeps a number between number questions, and resets what does not fit another question', () => {
    const onSeats = comparisonParts({ gt: [{ var: 'answers.seats' }, 10] });
    expect(withQuestion(onSeats, seats, rating)).toEqual({ gt: [{ var: 'answers.rating' }, 10] });
    expect(withQuestion(onSeats, seats, plan)).toEqual(newComparison(plan));
  });
});

describe('pages and endings', () => {
  it('moves rules in order and keeps the template valid', () => {
    let next = addPageRule(template(), 'p1', { condition: { isEmpty: [{ var: 'answers.seats' }] }, nextStep: 'end' });
    next = addPageRule(next, 'p1', { condition: { gt: [{ var: 'answers.seats' }, 3] }, nextStep: 'p2' });
    next = movePageRule(next, 'p1', 1, 0);
    const page = next.steps.p1;
    expect(page?.type === 'form' && page.nextStep.rules?.map((rule) => rule.nextStep)).toEqual(['p2', 'end']);
    expect(validateFlowTemplate(next).ok).toBe(true);
    expect(publishProblems(next)).toEqual([]);
  });

  it('leads a rule to where a deleted page led', () => {
    const withRule = addPageRule(template(), 'p1', { condition: { gt: [{ var: 'answers.seats' }, 3] }, nextStep: 'p2' });
    const next = deletePage(withRule, 'p2');
    expect(next.steps.p1).toMatchObject({ nextStep: { defaultNextStep: 'end', rules: [{ nextStep: 'end' }] } });
    expect(validateFlowTemplate(next).ok).toBe(true);
  });

  it('adds endings and leads the rules of a deleted ending to another; the last one stays', () => {
    const { template: two, stepId } = addEnding(template());
    expect(two.steps[stepId]).toMatchObject({ type: 'ending', name: 'Ending 2', template: { title: 'Thanks!' } });
    const withRule = addPageRule(two, 'p1', { condition: { gt: [{ var: 'answers.seats' }, 3] }, nextStep: 'end' });
    const next = deleteEnding(withRule, 'end');
    expect(next.steps.p1).toMatchObject({ nextStep: { rules: [{ nextStep: stepId }] } });
    expect(next.steps.p2).toMatchObject({ nextStep: { defaultNextStep: stepId } });
    expect(deleteEnding(next, stepId)).toBe(next);
    expect(validateFlowTemplate(next).ok).toBe(true);
  });
});
