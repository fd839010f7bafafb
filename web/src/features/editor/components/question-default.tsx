/**
 * A question's default answer on its card (`template.defaultValue`, `rules/defaults.ts`), for the types that take one
 * (the settings registry's `WIDGET_DEFAULT_INPUTS`): 'Default value' — none, a fixed answer (the type's own input;
 * what saving would refuse shows on it at once, `defaultValueErrors`), or one of the form's hidden fields, whose value
 * in the link prefills the question (offered once the form has one). The card's 'Hide this question' makes the
 * default the answer.
 */
import { createElement } from 'react';
import { Group, NativeSelect, Stack, Text } from '@mantine/core';
import * as copy from '@formloom/contracts/copy';
import type { Widget } from '@formloom/contracts/entities/flow-template';
import { isHiddenQuestion, type DefaultValue } from '@formloom/contracts/rules/defaults';
import { defaultValueErrors } from '@formloom/contracts/rules/flow-template';
import { defaultInputOf } from '../../../widgets/registry';
import { setWidgetDefault } from '../model/template-ops';
import { useEditor } from './editor-context';

/** Props of {@link QuestionDefault}. */
export interface QuestionDefaultProps {
  widget: Widget;
  onChange: (widget: Widget) => void;
}

/** The default answer of `widget`; nothing for a type that takes no default. */
export function QuestionDefault({ widget, onChange }: QuestionDefaultProps) {
  const { draft } = useEditor();
  // The type's input from the settings registry: one component per type, the same on every render.
  const input = defaultInputOf(widget);
  if (!input) return null;
  const current = widget.template.defaultValue;
  const fields = draft.urlParams ?? [];
  const field = current?.kind === 'urlParam' ? fields.find((param) => param.id === current.urlParamId) : undefined;
  const error = defaultValueErrors(draft, widget).find((problem) => problem.path === 'defaultValue')?.message;
  const set = (next: DefaultValue | undefined) => onChange(setWidgetDefault(widget, next));
  const hint = defaultHint(widget, fields.length, field?.name);

  function choose(kind: string) {
    if (kind === 'fixed') set({ kind: 'fixed', value: undefined });
    else if (kind === 'urlParam' && fields[0]) set({ kind: 'urlParam', urlParamId: fields[0].id });
    else set(undefined);
  }

  return (
    <Stack gap={6} data-testid="question-default">
      <Group gap="sm" align="flex-start" wrap="wrap">
        <NativeSelect
          label={copy.questions.defaultValue}
          size="xs"
          w={180}
          data={[
            { value: 'none', label: copy.questions.defaultNone },
            { value: 'fixed', label: copy.questions.defaultFixed },
            { value: 'urlParam', label: copy.questions.defaultFromUrlParam, disabled: fields.length === 0 && current?.kind !== 'urlParam' },
          ]}
          value={current?.kind ?? 'none'}
          onChange={(event) => choose(event.currentTarget.value)}
          data-testid="default-kind"
        />
        {current?.kind === 'fixed' && createElement(input, { widget, value: current.value, onChange: (value: unknown) => set({ kind: 'fixed', value }), error })}
        {current?.kind === 'urlParam' && (
          <NativeSelect
            label={copy.questions.defaultUrlParam}
            size="xs"
            w={180}
            data={[...(field ? [] : [{ value: '', label: copy.questions.chooseDefault }]), ...fields.map((param) => ({ value: param.id, label: param.name }))]}
            value={field?.id ?? ''}
            onChange={(event) => set({ kind: 'urlParam', urlParamId: event.currentTarget.value })}
            error={error}
            data-testid="default-url-param"
          />
        )}
      </Group>
      {hint && (
        <Text fz="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

/**
 * What the chosen default does, in words, under it: a fixed answer shows filled in (said nowhere for a hidden question:
 * the card's hidden hint says what its default does), a hidden field's value prefills it (`fieldName`), and with no
 * hidden field yet, where to add one; `null` otherwise.
 */
function defaultHint(widget: Widget, fieldCount: number, fieldName: string | undefined): string | null {
  const kind = widget.template.defaultValue?.kind;
  if (kind === 'fixed') return isHiddenQuestion(widget) ? null : copy.questions.defaultFixedHint;
  if (fieldName !== undefined) return copy.questions.defaultUrlParamHint(fieldName);
  return fieldCount === 0 ? copy.questions.defaultNeedsUrlParam : null;
}
