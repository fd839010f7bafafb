/**
 * The `code` node on the canvas and in its editor panel (spec 001 §3 `codeString`, `outputType`; §4/§5 "complete
 * only if the code contains a return"; the rules are `@formloom/contracts/workflows/nodes/code`'s):
 * - the code in a monospace editor (`inputs/code-editor.tsx`: Tab indents, Esc then Tab leaves), its problem under it
 *   as it is typed ('Syntax error on line 2: …', 'The code needs a return statement');
 * - the result type (text, number, true or false, object, list);
 * - the inputs the code can read — the variable picker's list (`variableGroupsFor`: answers, hidden fields,
 *   calculations, the submission, earlier steps' outputs) written as code reads them (`input.answers.w1`); a click
 *   inserts one at the caret;
 * - 'Test': the engine runs the code once in its sandbox with a sample `input` made from the form, and the panel shows
 *   the result or why it failed.
 * Done is disabled while the node is incomplete (the first problem as its tooltip).
 */
import { useMemo, useRef } from 'react';
import { Alert, Button, Group, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import { field, isRecord } from '@formloom/contracts/workflows/define';
import { CodeOutputType, codeInputExpression, codeNode, codeNodeErrors } from '@formloom/contracts/workflows/nodes/code';
import { errorMessage } from '../../../lib/api-client';
import { IconCode } from '../../../ui/icons';
import { useTestCodeNode } from '../api/node-tests';
import { CodeEditor, insertText } from '../inputs/code-editor';
import { variableGroupsFor } from '../inputs/variable-menu';
import { blockedByFirstError, defineNodeUi, type NodePanelProps } from './types';
import classes from './webhook-code.module.css';

/** The Test button and its answer (see the module doc). */
function CodeTest({ node, context, readOnly, blocked }: Pick<NodePanelProps, 'node' | 'context' | 'readOnly'> & { blocked: string | null }) {
  const test = useTestCodeNode();
  const answer = test.data;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Button
          variant="default"
          size="compact-sm"
          loading={test.isPending}
          disabled={readOnly || blocked !== null}
          title={blocked ?? undefined}
          onClick={() => test.mutate({ flowPublicIdentifier: context.flowPublicIdentifier, template: node.template })}
        >
          Test
        </Button>
        <Text fz="xs" c="dimmed">
          Runs the code once with a sample submission of this form.
        </Text>
      </Group>
      {test.isError && (
        <Alert color="red" title={copy.codeNode.testFailed} data-testid="code-test-answer">
          {errorMessage(test.error)}
        </Alert>
      )}
      {answer && (
        <Alert
          color={answer.ok ? 'green' : 'red'}
          title={answer.ok ? copy.codeNode.testResult : copy.codeNode.testFailed}
          data-testid="code-test-answer"
        >
          <Text component="pre" fz="xs" className={classes.answer}>
            {answer.ok ? JSON.stringify(answer.result, null, 2) : answer.error}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}

function CodePanel({ nodeId, node, readOnly, onChange, context }: NodePanelProps) {
  const template = isRecord(node.template) ? node.template : {};
  const code = typeof template.codeString === 'string' ? template.codeString : '';
  const outputType = field(template, 'outputType');
  const errors = codeNodeErrors(template);
  const codeError = errors.find((error) => error.path === 'codeString')?.message;
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const groups = useMemo(() => variableGroupsFor(context, nodeId), [context, nodeId]);

  const update = (change: Record<string, unknown>) => onChange({ ...template, ...change });
  const insert = (expression: string) => {
    const element = textarea.current;
    const start = element?.selectionStart ?? code.length;
    const end = element?.selectionEnd ?? code.length;
    const edit = insertText(code, start, end, expression);
    update({ codeString: edit.value });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(edit.selectionStart, edit.selectionEnd);
    });
  };

  return (
    <Stack gap="sm" data-testid="code-panel">
      <CodeEditor
        label="Code"
        description={copy.codeNode.editorHint}
        value={code}
        error={codeError}
        readOnly={readOnly}
        textareaRef={textarea}
        onChange={(codeString) => update({ codeString })}
      />
      <Select
        label="Result type"
        required
        allowDeselect={false}
        readOnly={readOnly}
        data={CodeOutputType.options.map((value) => ({ value, label: copy.codeNode.typeLabels[value] }))}
        value={typeof outputType === 'string' && CodeOutputType.safeParse(outputType).success ? outputType : null}
        error={errors.find((error) => error.path === 'outputType')?.message}
        onChange={(value) => update({ outputType: value })}
      />
      <Stack gap={4}>
        <Text fz="sm" fw={500} id={`${nodeId}-inputs`}>
          {copy.codeNode.inputsHeading}
        </Text>
        <div className={classes.inputs} role="list" aria-labelledby={`${nodeId}-inputs`}>
          {groups.map((group) => (
            <Stack key={group.key} gap={2} mb={6} role="listitem">
              <Text fz="xs" c="dimmed">
                {group.label}
              </Text>
              {group.variables.map((variable) => {
                const expression = codeInputExpression(variable.path);
                return readOnly ? (
                  <Text key={variable.path} className={classes.expression}>
                    {expression} — {variable.label}
                  </Text>
                ) : (
                  <UnstyledButton key={variable.path} onClick={() => insert(expression)} title="Insert at the caret">
                    <Text component="span" className={classes.expression}>
                      {expression}
                    </Text>{' '}
                    <Text component="span" fz="xs" c="dimmed">
                      {variable.label}
                    </Text>
                  </UnstyledButton>
                );
              })}
            </Stack>
          ))}
        </div>
      </Stack>
      <CodeTest node={node} context={context} readOnly={readOnly} blocked={errors[0]?.message ?? null} />
    </Stack>
  );
}

/** The code node's card and panel; Done waits for complete code (see the module doc). */
export const codeNodeUi = defineNodeUi(codeNode, {
  title: 'Code',
  icon: IconCode,
  color: 'gray',
  description: 'Compute a value with JavaScript',
  Panel: CodePanel,
  doneBlocked: blockedByFirstError(codeNodeErrors),
});
