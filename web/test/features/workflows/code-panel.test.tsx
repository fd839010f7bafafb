/**
 * The code node's panel (src/features/workflows/nodes/code.tsx) as a user works it, against the real product: the
 * code's problems as it is typed ('The code needs a return statement', a syntax error with its line) and Done held
 * back meanwhile; the editor's keys (Tab indents, Esc then Tab leaves); the inputs the code can read, inserted at
 * the caret; the result type; and 'Test', run by the engine's sandbox with a sample input — a result, and a code
 * stopped by the time limit.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as copy from '@formloom/contracts/copy';
import { CODE_NODE_TIME_LIMIT_MS } from '@formloom/contracts/limits';
// Through the registry, as the canvas reaches it (the panels and the variable picker import each other's modules).
import { NODE_UIS } from '../../../src/features/workflows/nodes/registry';
import { axeViolations, formForPanels, renderPanel } from './panel-harness';

const codeNodeUi = NODE_UIS.code;

/** Replaces the editor's text (typing `{`, `[` … would be key names to user-event). */
function setCode(editor: HTMLElement, code: string): void {
  fireEvent.change(editor, { target: { value: code } });
}

it('checks the code as it is typed and holds Done back until it returns', async () => {
  const form = await formForPanels();
  const panel = renderPanel(codeNodeUi, { codeString: 'return input.answers', outputType: 'object' }, form);
  const editor = screen.getByRole('textbox', { name: 'Code' });
  expect(panel.done()).toBeEnabled();

  setCode(editor, 'const items = [1, 2].map((x) => { return x * 2 });');
  expect(await screen.findByText(copy.codeNode.returnRequired)).toBeInTheDocument();
  expect(panel.done()).toBeDisabled();
  expect(panel.done()).toHaveAttribute('title', copy.codeNode.returnRequired);

  setCode(editor, 'const a = 1;\nreturn {a: }');
  expect(await screen.findByText(copy.codeNode.syntaxError(2, 'Unexpected token'))).toBeInTheDocument();
  expect(await axeViolations(panel.container)).toEqual([]);

  setCode(editor, 'const a = 1;\nreturn { a }');
  await waitFor(() => expect(panel.done()).toBeEnabled());
  expect(panel.template()).toEqual({ codeString: 'const a = 1;\nreturn { a }', outputType: 'object' });
});

it('indents with Tab, keeps the indent on Enter, and lets Esc then Tab leave the editor', async () => {
  const form = await formForPanels();
  const panel = renderPanel(codeNodeUi, { codeString: '', outputType: 'number' }, form);
  const editor = screen.getByRole('textbox', { name: 'Code' });
  await panel.user.click(editor);
  await panel.user.keyboard('if (input.quiz) ');
  await panel.user.keyboard('{{{Enter}');
  await panel.user.keyboard('{Tab}return 1');
  expect(editor).toHaveValue('if (input.quiz) {\n  return 1');
  await panel.user.keyboard('{Enter}');
  expect(editor).toHaveValue('if (input.quiz) {\n  return 1\n  ');
  expect(editor).toHaveFocus();

  await panel.user.keyboard('{Escape}');
  await panel.user.tab();
  expect(editor).not.toHaveFocus();
});

it('lists what the code can read and inserts it at the caret', async () => {
  const form = await formForPanels();
  const panel = renderPanel(codeNodeUi, { codeString: 'return ', outputType: 'string' }, form);
  const inputs = within(screen.getByRole('list', { name: copy.codeNode.inputsHeading }));
  expect(inputs.getByText('Answers')).toBeInTheDocument();
  const name = inputs.getByRole('button', { name: /input\.answers\.w1\s+Your name/ });
  expect(inputs.getByRole('button', { name: /input\.submission\.submissionId/ })).toBeInTheDocument();

  const editor = screen.getByRole('textbox', { name: 'Code' }) as HTMLTextAreaElement;
  editor.setSelectionRange(7, 7);
  await panel.user.click(name);
  expect(panel.template()).toEqual({ codeString: 'return input.answers.w1', outputType: 'string' });
});

it('changes the result type', async () => {
  const form = await formForPanels();
  const panel = renderPanel(codeNodeUi, { codeString: 'return 1', outputType: 'object' }, form);
  expect(codeNodeUi.status(panel.template())).toEqual({ complete: true, description: 'Returns an object' });
  await panel.user.click(screen.getByRole('combobox', { name: /Result type/ }));
  await panel.user.click(await screen.findByRole('option', { name: 'Number' }));
  expect(panel.template()).toEqual({ codeString: 'return 1', outputType: 'number' });
});

it('tests the code in the engine’s sandbox with a sample input: a result, then a code stopped by the time limit', async () => {
  const form = await formForPanels();
  const panel = renderPanel(codeNodeUi, { codeString: 'return input.answers.w1.toUpperCase()', outputType: 'string' }, form);
  await panel.user.click(screen.getByRole('button', { name: 'Test' }));
  const result = await screen.findByTestId('code-test-answer');
  expect(within(result).getByText(copy.codeNode.testResult)).toBeInTheDocument();
  expect(result).toHaveTextContent('"ADA LOVELACE"');

  setCode(screen.getByRole('textbox', { name: 'Code' }), 'while (true) {}\nreturn "never"');
  await panel.user.click(screen.getByRole('button', { name: 'Test' }));
  await waitFor(() => expect(screen.getByTestId('code-test-answer')).toHaveTextContent(copy.codeNode.timeLimit(CODE_NODE_TIME_LIMIT_MS)), { timeout: 60_000 });
  expect(within(screen.getByTestId('code-test-answer')).getByText(copy.codeNode.testFailed)).toBeInTheDocument();
});

it('shows a viewer the code without editing or testing it', async () => {
  const form = await formForPanels();
  renderPanel(codeNodeUi, { codeString: 'return 1', outputType: 'number' }, form, true);
  expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAttribute('readonly');
  expect(screen.getByRole('button', { name: 'Test' })).toBeDisabled();
  expect(screen.queryByRole('button', { name: /input\.answers\.w1/ })).not.toBeInTheDocument();
});
