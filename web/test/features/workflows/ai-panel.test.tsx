/**
 * The AI step's editor panel (src/features/workflows/nodes/ai.tsx; spec 001 §3 ai template, §4 status, §5 "AI
 * disabled while incomplete", §7 the external provider notice): what a builder picks and types there is the
 * template the canvas keeps, each action shows its settings and what it still needs, Done waits for a complete
 * step, and a viewer can read but not change it.
 */
import { screen, within } from '@testing-library/react';
import * as copy from '@formloom/contracts/copy';
import { aiNode, type AiNodeTemplate } from '@formloom/contracts/workflows/nodes/ai';
import { nodeCardView } from '../../../src/features/workflows/components/node-card';
import { aiNodeUi } from '../../../src/features/workflows/nodes/ai';
import { axeViolations, renderPanel } from './node-panel-harness';

const current = (panel: { template(): unknown }) => panel.template() as AiNodeTemplate;

it('tells the builder that the step sends data to an external AI provider, whatever the action', async () => {
  const panel = renderPanel(aiNodeUi, aiNode.defaultTemplate());
  expect(screen.getByTestId('ai-notice')).toHaveTextContent(copy.ai.notice);
  await panel.user.selectOptions(screen.getByLabelText(copy.ai.labels.action), copy.ai.actions.extractFields);
  expect(screen.getByTestId('ai-notice')).toHaveTextContent(copy.ai.notice);
  expect(copy.ai.notice).toMatch(/external AI provider/);
});

it('summarizes the whole submission, short, by default; a custom text needs its content before Done', async () => {
  const panel = renderPanel(aiNodeUi, aiNode.defaultTemplate());
  expect(screen.getByLabelText(copy.ai.labels.action)).toHaveValue('summarize');
  expect(screen.getByRole('radio', { name: copy.ai.textTypes.fullSubmission })).toBeChecked();
  expect(aiNodeUi.doneBlocked?.(aiNode.defaultTemplate())).toBe(false);

  await panel.user.click(screen.getByRole('radio', { name: copy.ai.textTypes.custom }));
  expect(current(panel).summarize).toMatchObject({ textType: 'custom' });
  expect(screen.getByText(copy.ai.addText)).toBeInTheDocument();
  expect(aiNodeUi.doneBlocked?.(panel.template())).toEqual({ tooltip: `Setup needed: ${copy.ai.addText}` });

  await panel.user.type(screen.getByRole('textbox', { name: copy.ai.labels.text }), 'Notes of {{{{answers.w1}}');
  await panel.user.click(screen.getByRole('radio', { name: copy.ai.lengths.long }));
  expect(current(panel).summarize).toEqual({ textType: 'custom', text: 'Notes of {{answers.w1}}', textLength: 'long' });
  expect(screen.queryByText(copy.ai.addText)).toBeNull();
  expect(aiNodeUi.doneBlocked?.(panel.template())).toBe(false);
  expect(nodeCardView({ type: 'ai', template: current(panel), nextNodeId: null }).status).toEqual({ complete: true, description: 'Summarize a text (long)' });
});

it('classifies into the spec’s default classifications, and asks for two once fewer are left', async () => {
  const panel = renderPanel(aiNodeUi, aiNode.defaultTemplate());
  await panel.user.selectOptions(screen.getByLabelText(copy.ai.labels.action), copy.ai.actions.classify);
  expect(current(panel).action).toBe('classify');
  expect(screen.getByRole('textbox', { name: `${copy.ai.labels.classification} 1` })).toHaveValue('support ticket');
  expect(screen.getByRole('textbox', { name: `${copy.ai.labels.classification} 3` })).toHaveValue('feature request');

  await panel.user.click(screen.getByRole('button', { name: 'Remove feature request' }));
  await panel.user.click(screen.getByRole('button', { name: 'Remove feedback' }));
  expect(current(panel).classify?.classifications).toEqual([{ title: 'support ticket' }]);
  const message = copy.ai.addClassifications(2);
  expect(screen.getByText(message)).toBeInTheDocument();
  expect(aiNodeUi.doneBlocked?.(panel.template())).toEqual({ tooltip: `Setup needed: ${message}` });

  await panel.user.click(screen.getByRole('button', { name: copy.ai.labels.addClassification }));
  await panel.user.type(screen.getByRole('textbox', { name: `${copy.ai.labels.classification} 2` }), 'Support ticket');
  expect(screen.getByText(copy.ai.repeatedClassification('Support ticket'))).toBeInTheDocument();
  await panel.user.clear(screen.getByRole('textbox', { name: `${copy.ai.labels.classification} 2` }));
  await panel.user.type(screen.getByRole('textbox', { name: `${copy.ai.labels.classification} 2` }), 'sales lead');
  expect(current(panel).classify?.classifications).toEqual([{ title: 'support ticket' }, { title: 'sales lead' }]);
  expect(aiNodeUi.doneBlocked?.(panel.template())).toBe(false);
});

it('generates text from a prompt with a variable picked from the form, and an optional context', async () => {
  const panel = renderPanel(aiNodeUi, aiNode.defaultTemplate());
  await panel.user.selectOptions(screen.getByLabelText(copy.ai.labels.action), copy.ai.actions.generateText);
  expect(screen.getByText(copy.ai.addPrompt)).toBeInTheDocument();
  expect(aiNodeUi.doneBlocked?.(panel.template())).toEqual({ tooltip: `Setup needed: ${copy.ai.addPrompt}` });

  await panel.user.type(screen.getByRole('textbox', { name: copy.ai.labels.prompt }), 'Thank ');
  await panel.user.click(screen.getByRole('button', { name: 'Insert variable' }));
  await panel.user.click(await screen.findByRole('option', { name: 'Your name' }));
  expect(current(panel).generateText?.prompt).toBe('Thank {{answers.w1}}');

  await panel.user.click(screen.getByRole('switch', { name: copy.ai.labels.contextEnabled }));
  expect(current(panel).generateText).toMatchObject({ contextEnabled: true, context: { textType: 'fullSubmission' } });
  expect(screen.getByRole('radio', { name: copy.ai.textTypes.fullSubmission })).toBeChecked();
  expect(aiNodeUi.doneBlocked?.(panel.template())).toBe(false);
});

it('extracts the fields the builder names, each once', async () => {
  const panel = renderPanel(aiNodeUi, aiNode.defaultTemplate());
  await panel.user.selectOptions(screen.getByLabelText(copy.ai.labels.action), copy.ai.actions.extractFields);
  expect(screen.getByText(copy.ai.addFields)).toBeInTheDocument();
  await panel.user.click(screen.getByRole('button', { name: copy.ai.labels.addField }));
  await panel.user.type(screen.getByRole('textbox', { name: `${copy.ai.labels.field} 1` }), 'Company');
  expect(current(panel).extractFields?.fields).toEqual([{ field: 'Company' }]);
  expect(aiNode.outputs(panel.template())).toEqual([{ field: 'fields.Company', label: 'Company' }]);
  expect(aiNodeUi.doneBlocked?.(panel.template())).toBe(false);
});

it('shows a viewer the step without letting them change it', () => {
  const template = aiNode.defaultTemplate();
  template.action = 'classify';
  renderPanel(aiNodeUi, template, { readOnly: true });
  const panel = screen.getByTestId('ai-panel');
  expect(within(panel).getByLabelText(copy.ai.labels.action)).toBeDisabled();
  expect(within(panel).getByRole('textbox', { name: `${copy.ai.labels.classification} 1` })).toHaveAttribute('readonly');
  expect(within(panel).queryByRole('button', { name: copy.ai.labels.addClassification })).toBeNull();
  expect(within(panel).queryByRole('button', { name: /^Remove/ })).toBeNull();
});

it('has no accessibility violations, whatever the action', async () => {
  const panel = renderPanel(aiNodeUi, aiNode.defaultTemplate());
  await panel.user.click(screen.getByRole('radio', { name: copy.ai.textTypes.custom }));
  expect(await axeViolations(screen.getByTestId('ai-panel'))).toEqual([]);
  for (const action of [copy.ai.actions.classify, copy.ai.actions.generateText, copy.ai.actions.extractFields]) {
    await panel.user.selectOptions(screen.getByLabelText(copy.ai.labels.action), action);
    expect(await axeViolations(screen.getByTestId('ai-panel'))).toEqual([]);
  }
});
