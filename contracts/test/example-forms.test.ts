/** The shared example form is the example, and a template the editor would accept. */
import { exampleFormTemplate } from '../src/example-forms';
import { validateFlowTemplate } from '../src/rules/flow-template';
import { exampleTemplateJson } from './fixtures';

it("is the issue's example form, question for question", () => {
  expect(exampleFormTemplate()).toEqual(exampleTemplateJson());
});

it('is valid with and without the Plan question, and a fresh copy each time', () => {
  expect(validateFlowTemplate(exampleFormTemplate()).ok).toBe(true);
  const short = exampleFormTemplate({ withPlan: false });
  expect(validateFlowTemplate(short).ok).toBe(true);
  const page = short.steps.s1;
  expect(page?.type === 'form' ? page.template.widgets.map((widget) => widget.id) : []).toEqual(['w1', 'w2']);
  expect(exampleFormTemplate()).not.toBe(exampleFormTemplate());
});
