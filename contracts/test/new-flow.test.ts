/**
 * The new-flow dialog's rules (`rules/new-flow.ts`, spec 000 §2, §4) and a new quiz's template
 * (`rules/flow-template.ts` `quizStarterTemplate`).
 */
import { FlowTemplate, type Widget } from '../src/entities/flow-template';
import { publishProblems } from '../src/rules/publish-checks';
import { quizStarterTemplate, QUIZ_STARTER_IDS } from '../src/rules/flow-template';
import { firstStageOf, isNewFlowStage, NEW_FLOW_MODAL_WIDTHS, NEW_FLOW_PRODUCTS, NEW_FLOW_STAGES } from '../src/rules/new-flow';
import { scoreQuiz } from '../src/rules/quiz';

describe('the new-flow stage machine', () => {
  it("has the spec's nineteen stages, each with a size and a product tab's section", () => {
    expect(Object.keys(NEW_FLOW_STAGES).sort()).toEqual(
      [
        'blank', 'choose', 'import', 'migrate_typeform', 'migrate_jotform', 'migrate_survey_monkey', 'connect', 'authenticate',
        'integration', 'integration_configure', 'configure', 'scheduling', 'quiz', 'payments', 'beta', 'choose_theme', 'template',
        'workflows', 'pdf',
      ].sort(),
    );
    for (const { size, section } of Object.values(NEW_FLOW_STAGES)) {
      expect(NEW_FLOW_MODAL_WIDTHS[size]).toBeGreaterThan(0);
      expect(NEW_FLOW_PRODUCTS).toContain(section);
    }
    // "Modal widths are 1100 or 1200 px" for the wide stages.
    expect([NEW_FLOW_MODAL_WIDTHS.mlg, NEW_FLOW_MODAL_WIDTHS.lg]).toEqual([1100, 1200]);
  });

  it("opens 'choose' from the Form tab and each other product's own stage, in that product's section", () => {
    expect(firstStageOf('forms')).toBe('choose');
    for (const product of NEW_FLOW_PRODUCTS) expect(NEW_FLOW_STAGES[firstStageOf(product)].section).toBe(product);
  });

  it('knows a stage from any other URL segment', () => {
    expect(isNewFlowStage('choose_theme')).toBe(true);
    expect(isNewFlowStage('toString')).toBe(false);
    expect(isNewFlowStage('Choose')).toBe(false);
    expect(isNewFlowStage(undefined)).toBe(false);
  });
});

describe('a new quiz', () => {
  it('is a valid template that can be published, with scoring on and the result shown at the end', () => {
    const template = quizStarterTemplate();
    expect(FlowTemplate.safeParse(template).success).toBe(true);
    expect(publishProblems(template)).toEqual([]);
    expect(template.quizzes).toEqual({ enabled: true, showScore: true, showAnswers: true });
  });

  it('scores its sample question: the right answer earns the point, another earns none', () => {
    const template = quizStarterTemplate();
    const page = template.steps.page1;
    const questions: Widget[] = page?.type === 'form' ? page.template.widgets : [];
    expect(questions).toHaveLength(1);
    expect(scoreQuiz(questions, { [QUIZ_STARTER_IDS.question]: QUIZ_STARTER_IDS.option(1) })).toMatchObject({ score: 1, maxScore: 1 });
    expect(scoreQuiz(questions, { [QUIZ_STARTER_IDS.question]: QUIZ_STARTER_IDS.option(0) })).toMatchObject({ score: 0, maxScore: 1 });
  });

  it('is a new object on every call', () => {
    const first = quizStarterTemplate();
    const second = quizStarterTemplate();
    expect(first).toEqual(second);
    expect(first).not.toBe(second);
    expect(first.steps.page1).not.toBe(second.steps.page1);
  });
});
