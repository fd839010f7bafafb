/**
 * One question of the public form, rendered by its type's web module (`web/src/widgets/registry.ts`). The
 * values follow the answer rules of the type (contracts `widgets/<type>.ts`); `error` is shown under the
 * question and marks the input invalid.
 */
import { Box } from '@mantine/core';
import type { Widget } from '@formloom/contracts/entities/flow-template';
import { webWidgetOf } from '../../../widgets/registry';

/** One question, its current answer and error, and where the answer goes. */
export interface QuestionFieldProps {
  widget: Widget;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
}

/** The question in a box carrying its id, type and validity (`data-widget-id`, `data-widget-type`, `data-invalid`). */
export function QuestionField({ widget, value, error, onChange }: QuestionFieldProps) {
  const { Field } = webWidgetOf(widget);
  return (
    <Box data-testid="public-question" data-widget-id={widget.id} data-widget-type={widget.type} data-invalid={error ? 'true' : undefined}>
      <Field widget={widget} value={value} error={error} onChange={onChange} inputId={`q-${widget.id}`} />
    </Box>
  );
}
