/**
 * The editor's settings of a Statement: its text ('Text'), plain text shown under the heading (the question's
 * label) — a blank line starts a new paragraph. A Statement takes no answer.
 */
import { Textarea } from '@mantine/core';
import { STATEMENT_BODY_MAX_LENGTH } from '@formloom/contracts/limits';
import { patchWidgetTemplate } from './shared/field-props';
import type { WidgetOf, WidgetSettingsProps } from './shared/types';

/** 'Text': the body, growing with its content. */
export function StatementSettings({ widget, onChange }: WidgetSettingsProps<WidgetOf<'Statement'>>) {
  return (
    <Textarea
      label="Text"
      description="Plain text; leave a blank line between paragraphs"
      size="xs"
      autosize
      minRows={3}
      maxRows={12}
      maxLength={STATEMENT_BODY_MAX_LENGTH}
      value={widget.template.body ?? ''}
      onChange={(event) => onChange(patchWidgetTemplate(widget, { body: event.currentTarget.value }))}
      data-testid="statement-body"
    />
  );
}
