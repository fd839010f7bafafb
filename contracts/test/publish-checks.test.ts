/** `rules/publish-checks.ts`: what keeps a draft from going live, with paths the editor places on questions. */
import { copy } from '../src/copy';
import type { FlowTemplate } from '../src/entities/flow-template';
import { exampleFormTemplate } from '../src/example-forms';
import { publishProblems } from '../src/rules/publish-checks';
import { blankFlowTemplate } from '../src/rules/flow-template';

/** The example form with its first page's widgets changed by `edit`. */
function editedExample(edit: (widgets: Extract<FlowTemplate['steps'][string], { type: 'form' }>['template']['widgets']) => void): FlowTemplate {
  const template = exampleFormTemplate();
  const page = template.steps.s1;
  if (page?.type !== 'form') throw new Error('s1 is a page');
  edit(page.template.widgets);
  return template;
}

const W = 'steps.s1.template.widgets';

it('passes the example form', () => {
  expect(publishProblems(exampleFormTemplate())).toEqual([]);
});

it('needs at least one question on some page', () => {
  expect(publishProblems(blankFlowTemplate())).toEqual([{ path: '', message: copy.flows.publishNeedsQuestion }]);
});

it('needs a label that is more than spaces', () => {
  const template = editedExample((widgets) => {
    widgets[1]!.template.label = ' \t ';
  });
  expect(publishProblems(template)).toEqual([{ path: `${W}.1.template.label`, message: copy.flows.publishEmptyLabel }]);
});

it('needs choices on a choice question, none blank, none repeated ignoring case and spaces', () => {
  const none = editedExample((widgets) => {
    const plan = widgets[2]!;
    if (plan.type === 'MultipleChoice') plan.template.options = [];
  });
  expect(publishProblems(none)).toEqual([{ path: `${W}.2.template.options`, message: copy.flows.publishNeedsOptions }]);

  const messy = editedExample((widgets) => {
    const plan = widgets[2]!;
    if (plan.type === 'MultipleChoice') {
      plan.template.options = [
        { id: 'a', label: 'Free' },
        { id: 'b', label: '  ' },
        { id: 'c', label: 'FREE ' },
        { id: 'd', label: 'Pro' },
      ];
    }
  });
  expect(publishProblems(messy)).toEqual([
    { path: `${W}.2.template.options.1.label`, message: copy.flows.publishBlankOption },
    { path: `${W}.2.template.options.2.label`, message: copy.flows.publishDuplicateOption('FREE') },
  ]);
});
