/**
 * The editor's template edits (src/features/editor/model/template-ops.ts) as a form builder relies on them:
 * pages stay linked in order to the ending, questions keep unique ids and their order, and every edit leaves a
 * template the server accepts (contracts `validateFlowTemplate`, the check `PUT …/template` runs). The error
 * locator (`save-errors.ts`) puts the server's 400 details on the page and question they name.
 */
import { blankFlowTemplate, orderedSteps, validateFlowTemplate } from '@formloom/contracts/rules/flow-template';
import { exampleFormTemplate } from '@formloom/contracts/example-forms';
import type { FlowTemplate } from '@formloom/contracts/entities/flow-template';
import { pagePath } from '@formloom/contracts/rules/page-path';
import { threePages } from './forms';
import {
  addOption,
  addPage,
  addWidget,
  deletePage,
  duplicateWidget,
  formPages,
  movePage,
  moveWidget,
  moveWidgetToPage,
  pageOfWidget,
  pagesReorderable,
  removeWidget,
  setWidgetDefault,
  setWidgetDescription,
  setWidgetHidden,
  setWidgetLabel,
  templateIds,
  updateWidget,
} from '../../../src/features/editor/model/template-ops';
import { removeUrlParam } from '../../../src/features/editor/model/logic-ops';
import { locateErrors, problemsIntroduced } from '../../../src/features/editor/model/save-errors';
import { WIDGET_DEFAULT_INPUTS } from '../../../src/widgets/registry';
import { takesDefault } from '@formloom/contracts/answers/registry';
import { WIDGET_TYPES } from '@formloom/contracts/widgets/registry';
import { publishProblems } from '@formloom/contracts/rules/publish-checks';
import * as texts from '@formloom/contracts/copy';

/** The order a respondent goes through: page ids, then the ending. */
const route = (template: FlowTemplate) => orderedSteps(template).map((step) => step.id);

function expectAccepted(template: FlowTemplate) {
  const result = validateFlowTemplate(template);
  expect(result.ok ? [] : result.errors).toEqual([]);
}

describe('pages', () => {
  it('adds a page after the last one, before the ending, and the server accepts it', () => {
    const start = exampleFormTemplate();
    const { template, stepId } = addPage(start);
    expect(route(template)).toEqual(['s1', stepId, 'end']);
    expect(formPages(template).map((page) => page.name)).toEqual(['Page 1', 'Page 2']);
    expectAccepted(template);
  });

  it('deletes a page and links the one before it to the one after it; the last page stays', () => {
    const twoPages = addPage(exampleFormTemplate());
    const three = addPage(twoPages.template);
    const without = deletePage(three.template, twoPages.stepId);
    expect(route(without)).toEqual(['s1', three.stepId, 'end']);
    expectAccepted(without);

    const firstGone = deletePage(without, 's1');
    expect(firstGone.firstStep).toBe(three.stepId);
    expectAccepted(firstGone);
    expect(deletePage(firstGone, three.stepId)).toBe(firstGone);
  });
});

describe('questions', () => {
  it('adds questions of every kind with ids unique in the whole template', () => {
    let template = blankFlowTemplate();
    const page = formPages(template)[0]!.id;
    for (const type of ['ShortAnswer', 'MultipleChoice', 'Checkboxes', 'Dropdown', 'StarRating'] as const) {
      template = addWidget(template, page, type).template;
    }
    const ids = [...templateIds(template)];
    expect(new Set(ids).size).toBe(ids.length);
    expect(formPages(template)[0]!.template.widgets.map((widget) => widget.type)).toEqual([
      'ShortAnswer',
      'MultipleChoice',
      'Checkboxes',
      'Dropdown',
      'StarRating',
    ]);
    expectAccepted(template);
  });

  it('moves, relabels and removes a question; options get fresh ids', () => {
    const start = exampleFormTemplate();
    const moved = moveWidget(start, 's1', 2, 0);
    expect(formPages(moved)[0]!.template.widgets.map((widget) => widget.id)).toEqual(['w3', 'w1', 'w2']);
    expect(moveWidget(start, 's1', 0, 99)).toEqual(moveWidget(start, 's1', 0, 2));

    const relabeled = updateWidget(moved, 's1', 'w1', (widget) => setWidgetLabel(widget, 'Full name'));
    const name = formPages(relabeled)[0]!.template.widgets.find((widget) => widget.id === 'w1')!;
    expect({ label: name.template.label, column: name.name }).toEqual({ label: 'Full name', column: 'Full name' });

    const withOption = addOption(relabeled, 's1', 'w3');
    const plan = formPages(withOption)[0]!.template.widgets.find((widget) => widget.id === 'w3')!;
    const options = 'options' in plan.template ? plan.template.options : [];
    expect(options.map((option) => option.label)).toEqual(['Free', 'Pro', 'Option 3']);
    expect(templateIds(relabeled).has(options[2]!.id)).toBe(false);

    const removed = removeWidget(withOption, 's1', 'w2');
    expect(formPages(removed)[0]!.template.widgets.map((widget) => widget.id)).toEqual(['w3', 'w1']);
    expectAccepted(removed);
  });
});

describe('a Matrix and a Ranking', () => {
  it('get rows, columns and options whose ids are unique in the whole template, and the server accepts them', () => {
    let template = blankFlowTemplate();
    const page = formPages(template)[0]!.id;
    let matrixId = '';
    for (const type of ['MultipleChoice', 'Matrix', 'Ranking', 'Matrix'] as const) {
      const added = addWidget(template, page, type);
      template = added.template;
      if (type === 'Matrix') matrixId = added.widgetId;
    }
    template = addOption(template, page, matrixId, 'rows');
    template = addOption(template, page, matrixId, 'columns');
    template = addOption(template, page, matrixId);
    const matrix = formPages(template)[0]!.template.widgets.find((widget) => widget.id === matrixId)!;
    if (matrix.type !== 'Matrix') throw new Error('not a Matrix');
    expect(matrix.template.rows.map((row) => row.label)).toEqual(['Row 1', 'Row 2', 'Row 3', 'Row 4']);
    expect(matrix.template.columns.map((column) => column.label)).toEqual(['Column 1', 'Column 2', 'Column 3', 'Column 4']);
    expect(matrix.template).not.toHaveProperty('options');

    const ids = [...templateIds(template)];
    expect(ids).toEqual(expect.arrayContaining([...matrix.template.rows, ...matrix.template.columns].map((item) => item.id)));
    expect(new Set(ids).size).toBe(ids.length);
    // 2 steps, 4 questions, 3 choices, 3 ranked options, 2 × (3 rows + 3 columns), the added row and column.
    expect(ids).toHaveLength(2 + 4 + 3 + 3 + 2 * 6 + 2);
    expectAccepted(template);
  });

  it('a copied Matrix gets new row and column ids', () => {
    let template = blankFlowTemplate();
    const page = formPages(template)[0]!.id;
    const added = addWidget(template, page, 'Matrix');
    template = added.template;
    const before = templateIds(template);
    const copied = duplicateWidget(template, page, added.widgetId);
    const copy = formPages(copied.template)[0]!.template.widgets[1]!;
    if (copy.type !== 'Matrix') throw new Error('not a Matrix');
    expect(copy.template.rows.map((row) => row.label)).toEqual(['Row 1', 'Row 2', 'Row 3']);
    for (const item of [...copy.template.rows, ...copy.template.columns]) expect(before.has(item.id)).toBe(false);
    const ids = [...templateIds(copied.template)];
    expect(new Set(ids).size).toBe(ids.length);
    expectAccepted(copied.template);
  });
});

describe('a MultiSelect, an ImageChoice, an Address and a Statement', () => {
  it('are added with what they need; a new picture card has no image yet, which saving accepts and publishing does not', () => {
    let template = blankFlowTemplate();
    const page = formPages(template)[0]!.id;
    const ids: Record<string, string> = {};
    for (const type of ['MultiSelect', 'ImageChoice', 'Address', 'Statement'] as const) {
      const added = addWidget(template, page, type);
      template = added.template;
      ids[type] = added.widgetId;
    }
    template = addOption(template, page, ids.ImageChoice!);
    const widgets = formPages(template)[0]!.template.widgets;
    const pictures = widgets.find((widget) => widget.id === ids.ImageChoice)!;
    if (pictures.type !== 'ImageChoice') throw new Error('not an ImageChoice');
    expect(pictures.template.options.map((option) => option.label)).toEqual(['Option 1', 'Option 2', 'Option 3', 'Option 4']);
    expect(pictures.template.options.every((option) => option.imageUrl === undefined)).toBe(true);
    expect(widgets.find((widget) => widget.id === ids.Statement)!.template).toEqual({ label: 'Before you continue', required: false, body: '' });
    const all = [...templateIds(template)];
    expect(new Set(all).size).toBe(all.length);
    expectAccepted(template);
    expect(publishProblems(template).map((problem) => problem.message)).toEqual(Array(4).fill(texts.flows.publishNeedsImage));

    const withImages = updateWidget(template, page, ids.ImageChoice!, (widget) =>
      widget.type === 'ImageChoice'
        ? { ...widget, template: { ...widget.template, options: widget.template.options.map((option) => ({ ...option, imageUrl: `https://example.com/${option.id}.png` })) } }
        : widget,
    );
    expect(publishProblems(withImages)).toEqual([]);
  });

  it('a copied ImageChoice keeps its images under new card ids', () => {
    let template = blankFlowTemplate();
    const page = formPages(template)[0]!.id;
    const added = addWidget(template, page, 'ImageChoice');
    template = updateWidget(added.template, page, added.widgetId, (widget) =>
      widget.type === 'ImageChoice'
        ? { ...widget, template: { ...widget.template, multiple: true, options: widget.template.options.map((option) => ({ ...option, imageUrl: 'https://example.com/a.png', alt: 'A' })) } }
        : widget,
    );
    const copied = duplicateWidget(template, page, added.widgetId);
    const [original, duplicate] = formPages(copied.template)[0]!.template.widgets;
    if (original?.type !== 'ImageChoice' || duplicate?.type !== 'ImageChoice') throw new Error('not ImageChoices');
    expect(duplicate.template.options.map(({ label, imageUrl, alt }) => ({ label, imageUrl, alt }))).toEqual(
      original.template.options.map(({ label, imageUrl, alt }) => ({ label, imageUrl, alt })),
    );
    expect(duplicate.template.multiple).toBe(true);
    for (const option of duplicate.template.options) expect(templateIds(template).has(option.id)).toBe(false);
    expectAccepted(copied.template);
  });
});

describe('duplicating a question', () => {
  it('puts a copy with new ids right after it, same label and choices', () => {
    const start = exampleFormTemplate();
    const { template, widgetId } = duplicateWidget(start, 's1', 'w3');
    const widgets = formPages(template)[0]!.template.widgets;
    expect(widgets.map((widget) => widget.id)).toEqual(['w1', 'w2', 'w3', widgetId]);
    const [original, copy] = [widgets[2]!, widgets[3]!];
    expect(copy).toMatchObject({ type: original.type, name: original.name, template: { label: original.template.label } });
    const labels = (widget: typeof original) => ('options' in widget.template ? widget.template.options : []).map((o) => o.label);
    const optionIds = (widget: typeof original) => ('options' in widget.template ? widget.template.options : []).map((o) => o.id);
    expect(labels(copy)).toEqual(labels(original));
    for (const id of optionIds(copy)) expect(templateIds(start).has(id)).toBe(false);
    const ids = [...templateIds(template)];
    expect(new Set(ids).size).toBe(ids.length);
    expectAccepted(template);
    // The original is untouched (a copy, not a shared object).
    expect(template.steps.s1).not.toBe(start.steps.s1);
    expect(formPages(start)[0]!.template.widgets).toHaveLength(3);
  });

  it('leaves the template as it is for a question that is not on the page', () => {
    const start = exampleFormTemplate();
    expect(duplicateWidget(start, 's1', 'nope')).toEqual({ template: start });
  });
});

describe("the server's errors", () => {
  it('land on the page and the question they name, in words', () => {
    const template = exampleFormTemplate();
    const located = locateErrors(
      [
        { path: 'template.steps.s1.template.widgets.1.template.label', message: 'Add a question' },
        { path: 'template.steps.s1.name', message: 'Name the page' },
        { path: 'template.firstStep', message: 'No first page' },
      ],
      template,
    );
    expect(located.byWidget).toEqual({ w2: ['Add a question'] });
    expect(located.byStep).toEqual({ s1: ['Name the page'] });
    expect(located.list.map((error) => error.where)).toEqual(['Page 1 › Email', 'Page 1', 'First page']);
  });
});

describe('a question’s description, default and hidden switch', () => {
  const description = { type: 'doc' as const, content: [{ type: 'paragraph' as const, content: [{ type: 'text' as const, text: 'Why we ask' }] }] };

  it('hiding a required question turns Required off, so the server accepts it; showing it keeps Required off', () => {
    const start = exampleFormTemplate();
    const hidden = updateWidget(start, 's1', 'w1', (widget) => setWidgetHidden(setWidgetDefault(widget, { kind: 'fixed', value: 'Ada' }), true));
    const widget = formPages(hidden)[0]!.template.widgets[0]!;
    expect(widget.template).toMatchObject({ hidden: true, required: false, defaultValue: { kind: 'fixed', value: 'Ada' } });
    expectAccepted(hidden);
    const shown = setWidgetHidden(widget, false);
    expect(shown.template).not.toHaveProperty('hidden');
    expect(shown.template.required).toBe(false);
  });

  it('sets and removes a description and a default without leaving empty keys', () => {
    const [widget] = formPages(exampleFormTemplate())[0]!.template.widgets;
    const described = setWidgetDescription(widget!, description);
    expect(described.template.description).toEqual(description);
    expect(setWidgetDescription(described, undefined).template).not.toHaveProperty('description');
    expect(setWidgetDefault(setWidgetDefault(widget!, { kind: 'fixed', value: 'x' }), undefined).template).not.toHaveProperty('defaultValue');
  });

  it('removing a hidden field drops the defaults it prefilled, so the server accepts the form', () => {
    const withField = { ...exampleFormTemplate(), urlParams: [{ id: 'h1', name: 'plan' }, { id: 'h2', name: 'ref' }] };
    const prefilled = updateWidget(withField, 's1', 'w1', (widget) => setWidgetDefault(widget, { kind: 'urlParam', urlParamId: 'h1' }));
    const keeps = updateWidget(prefilled, 's1', 'w2', (widget) => setWidgetDefault(widget, { kind: 'urlParam', urlParamId: 'h2' }));
    const removed = removeUrlParam(keeps, 'h1');
    const [first, second] = formPages(removed)[0]!.template.widgets;
    expect(first!.template).not.toHaveProperty('defaultValue');
    expect(second!.template.defaultValue).toEqual({ kind: 'urlParam', urlParamId: 'h2' });
    expectAccepted(removed);
  });
});

describe('the default answer inputs', () => {
  it('are offered for exactly the types whose answer rules take a default', () => {
    for (const type of WIDGET_TYPES) expect([type, WIDGET_DEFAULT_INPUTS[type] !== null]).toEqual([type, takesDefault({ type })]);
  });
});

const widgetIds = (template: FlowTemplate, stepId: string) => {
  const step = template.steps[stepId];
  return step?.type === 'form' ? step.template.widgets.map((widget) => widget.id) : [];
};

describe('moving a question to another page', () => {
  it('puts it last on that page with its id, settings and display condition; the server accepts it and respondents meet it there', () => {
    const start = threePages();
    const moved = moveWidgetToPage(start, 'company', 'p3');
    expect(widgetIds(moved, 'p2')).toEqual([]);
    expect(widgetIds(moved, 'p3')).toEqual(['notes', 'company']);
    const company = (moved.steps.p3 as { template: { widgets: unknown[] } }).template.widgets[1];
    expect(company).toEqual((start.steps.p2 as { template: { widgets: unknown[] } }).template.widgets[0]);
    expect(pageOfWidget(moved, 'company')?.id).toBe('p3');
    expectAccepted(moved);
    expect(publishProblems(moved)).toEqual([]);
    expect(problemsIntroduced(start, moved)).toEqual([]);
    const path = pagePath(moved, { email: 'a@example.com', plan: 'pro' });
    expect(path.pages.map((page) => [page.step.id, page.widgets.map((widget) => widget.id)])).toEqual([
      ['p1', ['email', 'plan']],
      ['p3', ['notes', 'company']],
    ]);
  });

  it('to its own page puts it last there; an unknown question or page changes nothing', () => {
    const start = threePages();
    expect(widgetIds(moveWidgetToPage(start, 'email', 'p1'), 'p1')).toEqual(['plan', 'email']);
    expect(moveWidgetToPage(start, 'nope', 'p2')).toBe(start);
    expect(moveWidgetToPage(start, 'email', 'nope')).toBe(start);
    expect(moveWidgetToPage(start, 'email', 'end')).toBe(start);
  });

  it('says which logic now reads it before it is asked — the rule, the condition and the label publishing then refuses', () => {
    const start = threePages();
    const moved = moveWidgetToPage(start, 'plan', 'p3');
    const broken = problemsIntroduced(start, moved);
    expect(broken.map(({ where, message }) => ({ where, message }))).toEqual([
      { where: 'About you › Rule 1', message: texts.conditions.laterQuestion },
      { where: 'Company › Company on {{answers.plan}}', message: texts.flows.pipedLaterQuestion },
      { where: 'Company › Company on {{answers.plan}}', message: texts.conditions.laterQuestion },
    ]);
    // Publishing shows the same problems on the question and on the rule.
    const located = locateErrors(publishProblems(moved), moved, 'publish');
    expect(located.byWidget.company).toEqual([texts.flows.pipedLaterQuestion, texts.conditions.laterQuestion]);
    expect(located.byRule['p1:0']).toEqual([texts.conditions.laterQuestion]);
    // Moving it back repairs them all.
    expect(publishProblems(moveWidgetToPage(moved, 'plan', 'p1'))).toEqual([]);
  });
});

describe('reordering pages', () => {
  it('rewires the default links along the new order; rules keep their targets; the last page leads to the ending', () => {
    const start = threePages();
    expect(pagesReorderable(start)).toBe(true);
    const moved = movePage(start, 'p3', 0);
    expect(route(moved)).toEqual(['p3', 'p1', 'p2', 'end']);
    expect(moved.firstStep).toBe('p3');
    expect(moved.steps.p1).toMatchObject({ nextStep: { defaultNextStep: 'p2', rules: [{ nextStep: 'p3' }] } });
    expect(moved.steps.p2).toMatchObject({ nextStep: { defaultNextStep: 'end' } });
    expect(moved.steps.p3).toMatchObject({ nextStep: { defaultNextStep: 'p1' } });
    expectAccepted(moved);
    // The pages keep their questions and names.
    expect(formPages(moved).map((page) => [page.name, page.template.widgets.length])).toEqual([
      ['Extras', 1],
      ['About you', 2],
      ['Company', 1],
    ]);

    const down = movePage(start, 'p1', 5);
    expect(route(down)).toEqual(['p2', 'p3', 'p1', 'end']);
    expectAccepted(down);
    // Company now reads Plan before it is asked: publishing says so on the question.
    expect(problemsIntroduced(start, down).map((problem) => problem.where)).toEqual([
      'Company › Company on {{answers.plan}}',
      'Company › Company on {{answers.plan}}',
    ]);
  });

  it('a move to where the page is, or of an unknown page, changes nothing', () => {
    const start = threePages();
    expect(movePage(start, 'p2', 1)).toBe(start);
    expect(movePage(start, 'nope', 0)).toBe(start);
    expect(movePage(start, 'end', 0)).toBe(start);
  });

  it('is not offered when the default links skip pages or end early, nor for one page', () => {
    const skipping = threePages();
    // 'Company' ends the form; 'Extras' is reached only by the rule.
    skipping.steps.p2 = { ...(skipping.steps.p2 as Extract<typeof skipping.steps.p2, { type: 'form' }>), nextStep: { defaultNextStep: 'end' } };
    expect(pagesReorderable(skipping)).toBe(false);
    expect(movePage(skipping, 'p3', 0)).toBe(skipping);
    expect(pagesReorderable(exampleFormTemplate())).toBe(false);
  });
});
