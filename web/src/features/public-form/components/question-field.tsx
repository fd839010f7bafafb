/**
 * One question of the public form, rendered by widget type. Values follow the answer rules
 * (`rules/answers.ts`): text types and NumberInput as typed strings, MultipleChoice and Dropdown as an option
 * id, Checkboxes as a list of option ids, Checkbox as a boolean, DatePicker as `YYYY-MM-DD`, StarRating as 1..5.
 * `error` is shown under the question and marks the input invalid.
 */
import { Box, Checkbox, Input, NativeSelect, Paper, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { Widget } from '@formloom/contracts/entities/flow-template';
import { StarRating } from './star-rating';

export interface QuestionFieldProps {
  widget: Widget;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
}

const asString = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

export function QuestionField({ widget, value, error, onChange }: QuestionFieldProps) {
  const { label, required } = widget.template;
  const placeholder = widget.template.placeholder;
  const inputId = `q-${widget.id}`;
  const labelId = `${inputId}-label`;
  const errorId = `${inputId}-error`;
  const common = { id: inputId, label, required, error, size: 'md' as const, withAsterisk: required };

  function field() {
    switch (widget.type) {
      case 'ShortAnswer':
        return <TextInput {...common} placeholder={placeholder} value={asString(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
      case 'LongAnswer':
        return <Textarea {...common} placeholder={placeholder} autosize minRows={3} maxRows={12} value={asString(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
      case 'EmailInput':
        return <TextInput {...common} type="email" inputMode="email" autoComplete="email" placeholder={placeholder ?? 'name@example.com'} value={asString(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
      case 'PhoneNumber':
        return <TextInput {...common} type="tel" inputMode="tel" autoComplete="tel" placeholder={placeholder ?? '+1 555 123 4567'} value={asString(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
      case 'URLInput':
        return <TextInput {...common} type="url" inputMode="url" placeholder={placeholder ?? 'https://'} value={asString(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
      case 'NumberInput': {
        const { min, max } = widget.template;
        const hint = min !== undefined && max !== undefined ? `Between ${min} and ${max}` : min !== undefined ? `At least ${min}` : max !== undefined ? `At most ${max}` : undefined;
        return <TextInput {...common} type="number" inputMode="decimal" step="any" min={min} max={max} description={hint} placeholder={placeholder} value={asString(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
      }
      case 'DatePicker':
        return <TextInput {...common} type="date" value={asString(value)} onChange={(e) => onChange(e.currentTarget.value)} maw={260} />;
      case 'Dropdown':
        return (
          <NativeSelect
            {...common}
            value={asString(value)}
            onChange={(e) => onChange(e.currentTarget.value)}
            data={[{ value: '', label: placeholder || 'Select an option' }, ...widget.template.options.map((option) => ({ value: option.id, label: option.label }))]}
          />
        );
      case 'MultipleChoice':
        return (
          <Radio.Group id={inputId} label={label} withAsterisk={required} error={error} size="md" value={asString(value) || null} onChange={(next) => onChange(next)}>
            <Stack gap="xs" mt="xs">
              {widget.template.options.map((option) => (
                <Paper key={option.id} withBorder p="sm" radius="md" style={{ borderColor: value === option.id ? 'var(--mantine-color-brand-5)' : undefined }}>
                  <Radio value={option.id} label={option.label} />
                </Paper>
              ))}
            </Stack>
          </Radio.Group>
        );
      case 'Checkboxes': {
        const selected = Array.isArray(value) ? (value as string[]) : [];
        return (
          <Checkbox.Group id={inputId} label={label} withAsterisk={required} error={error} size="md" value={selected} onChange={(next) => onChange(next)}>
            <Stack gap="xs" mt="xs">
              {widget.template.options.map((option) => (
                <Paper key={option.id} withBorder p="sm" radius="md" style={{ borderColor: selected.includes(option.id) ? 'var(--mantine-color-brand-5)' : undefined }}>
                  <Checkbox value={option.id} label={option.label} />
                </Paper>
              ))}
            </Stack>
          </Checkbox.Group>
        );
      }
      case 'Checkbox':
        return (
          <Checkbox
            id={inputId}
            size="md"
            label={
              <>
                {label}
                {required && (
                  <Text component="span" c="red" aria-hidden="true">
                    {' '}*
                  </Text>
                )}
              </>
            }
            checked={value === true}
            onChange={(e) => onChange(e.currentTarget.checked)}
            error={error}
            aria-required={required || undefined}
          />
        );
      case 'StarRating':
        return (
          <Input.Wrapper label={label} labelProps={{ id: labelId }} withAsterisk={required} error={error} errorProps={{ id: errorId }} size="md">
            <Box mt={4}>
              <StarRating
                value={typeof value === 'number' ? value : undefined}
                onChange={onChange}
                labelledBy={labelId}
                describedBy={error ? errorId : undefined}
                invalid={Boolean(error)}
              />
            </Box>
          </Input.Wrapper>
        );
    }
  }

  return (
    <Box data-testid="public-question" data-widget-id={widget.id} data-widget-type={widget.type} data-invalid={error ? 'true' : undefined}>
      {field()}
    </Box>
  );
}
