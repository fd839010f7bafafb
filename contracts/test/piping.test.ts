/**
 * Answer piping (src/rules/piping.ts): `{{answers.<id>}}` in a label or an ending reads as the respondent's
 * answer as people read it, and publishing refuses a text that pipes a question the respondent has not answered
 * yet or that the form does not have (src/rules/publish-checks.ts).
 */
import { describePiping, pipeAnswers, pipedAnswerIds, questionsById } from '../src/rules/piping';
import { publishProblems } from '../src/rules/publish-checks';
import * as copy from '../src/copy';
import type { Widget } from '../src/entities/flow-template';
import { ask, ending, form, page } from './logic-forms';

/** `widget` with another label. */
const relabel = (widget: Widget, label: string) => ({ ...widget, template: { ...widget.template, label } }) as Widget;

const name = ask.text('name');
const plan = ask.choice('plan', ['free', 'pro']);
const start = ask.date('start');
const template = form('p1', page('p1', [name, plan, start], 'end'), ending('end'));
const questions = questionsById(template);

it('pipes text as typed, a choice by its label and a date as people write it; nothing when unanswered or unknown', () => {
  const answers = { name: 'Ada', plan: 'pro', start: '2026-03-05' };
  expect(pipeAnswers('Hi {{answers.name}}, {{ answers.plan }} from {{answers.start}}', questions, answers)).toBe('Hi Ada, PRO from March 5, 2026');
  expect(pipeAnswers('Hi {{answers.name}}!', questions, {})).toBe('Hi !');
  expect(pipeAnswers('Hi {{answers.nobody}}!', questions, answers)).toBe('Hi !');
  expect(pipeAnswers('No placeholders {{flow.name}}', questions, answers)).toBe('No placeholders {{flow.name}}');
});

it('lists and describes what a text pipes', () => {
  expect(pipedAnswerIds('{{answers.name}} and {{answers.plan}} and {{answers.name}}')).toEqual(['name', 'plan', 'name']);
  expect(describePiping('Thanks {{answers.name}} ({{answers.gone}})', questions)).toBe('Thanks [name] ([?])');
});

it('refuses to publish a label piping a later or unknown question, and an ending piping an unknown one', () => {
  const later = form('p1', page('p1', [relabel(name, 'Hi {{answers.plan}}'), plan], 'end'), ending('end'));
  expect(publishProblems(later)).toEqual([{ path: 'steps.p1.template.widgets.0.template.label', message: copy.flows.pipedLaterQuestion }]);

  const endsBadly = form('p1', page('p1', [name], 'end'), { ...ending('end'), template: { title: 'Bye {{answers.nobody}}', body: 'Thanks {{answers.name}}' } });
  expect(publishProblems(endsBadly)).toEqual([{ path: 'steps.end.template.title', message: copy.flows.pipedUnknownQuestion }]);

  const fine = form('p1', page('p1', [name, relabel(plan, 'Plan for {{answers.name}}')], 'end'), ending('end'));
  expect(publishProblems(fine)).toEqual([]);
});

it('pipes a hidden field by its name', () => {
  expect(pipeAnswers('Welcome from {{urlParams.utm_source}}{{urlParams.missing}}', questions, {}, { urlParams: { utm_source: 'newsletter' } })).toBe('Welcome from newsletter');
});
